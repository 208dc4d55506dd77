// Package dynamo keeps matches in a DynamoDB table, for the bundle on AWS:
// any Lambda instance serves any request, and every write is conditional
// on the match's version, so two concurrent actions on one match never
// both apply.
//
// The table's partition key is the string "id" (kind/ref), and its
// global secondary index ListedIndex keeps the sorted indexes (index.go).
// An item holds "version" (a number), "state" (binary) and, unless it
// never expires, "expires" (epoch seconds, the table's TTL attribute),
// which every write sets as its caller says. DynamoDB deletes an expired item within days,
// not at once, so the store itself treats an item past its expiry as
// absent: it loads as none, and a create may take its id.
package dynamo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// Store is a play.Store in a DynamoDB table.
type Store struct {
	client *dynamodb.Client
	table  string
	clock  func() time.Time
}

// New keeps matches in table through client; clock tells which have
// expired.
func New(client *dynamodb.Client, table string, clock func() time.Time) *Store {
	return &Store{client: client, table: table, clock: clock}
}

func key(kind, ref string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: kind + "/" + ref}}
}

// Load answers a match and its version, read consistently.
func (s *Store) Load(ctx context.Context, kind, ref string) ([]byte, uint64, error) {
	out, err := s.client.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: key(kind, ref), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return nil, 0, err
	}
	v, ok := out.Item["version"].(*types.AttributeValueMemberN)
	if !ok || s.expired(out.Item) {
		return nil, 0, play.Errorf(play.CodeNoMatch, "no %s entry is called %s", kind, wire.Quote(ref))
	}
	var state []byte // an empty state is stored without the attribute
	if st, ok := out.Item["state"].(*types.AttributeValueMemberB); ok {
		state = st.Value
	}
	version, err := strconv.ParseUint(v.Value, 10, 64)
	return state, version, err
}

// expired reports whether an item is past its expiry.
func (s *Store) expired(item map[string]types.AttributeValue) bool {
	e, ok := item["expires"].(*types.AttributeValueMemberN)
	if !ok {
		return false
	}
	at, err := strconv.ParseInt(e.Value, 10, 64)
	return err == nil && s.clock().Unix() >= at
}

// batchSize is the most keys one BatchGetItem reads.
const batchSize = 100

// LoadMany answers the states of refs, nil for a ref no match has, read
// consistently in batches of up to 100 keys, retrying the keys DynamoDB
// leaves unprocessed.
func (s *Store) LoadMany(ctx context.Context, kind string, refs []string) ([][]byte, error) {
	out := make([][]byte, len(refs))
	at := make(map[string]int, len(refs))
	for i, ref := range refs {
		at[kind+"/"+ref] = i
	}
	for from := 0; from < len(refs); from += batchSize {
		var keys []map[string]types.AttributeValue
		for _, ref := range refs[from:min(from+batchSize, len(refs))] {
			keys = append(keys, key(kind, ref))
		}
		for tries := 0; len(keys) > 0; tries++ {
			if tries == 8 {
				return nil, errors.New("DynamoDB left keys unprocessed 8 times in a row")
			}
			res, err := s.client.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
				s.table: {Keys: keys, ConsistentRead: aws.Bool(true)}}})
			if err != nil {
				return nil, err
			}
			for _, item := range res.Responses[s.table] {
				id, _ := item["id"].(*types.AttributeValueMemberS)
				if id == nil || s.expired(item) {
					continue
				}
				state := []byte{}
				if st, ok := item["state"].(*types.AttributeValueMemberB); ok {
					state = st.Value
				}
				out[at[id.Value]] = state
			}
			if keys = res.UnprocessedKeys[s.table].Keys; len(keys) > 0 {
				select { // DynamoDB asks for a backoff; a cancelled request stops waiting
				case <-time.After(time.Duration(tries+1) * 20 * time.Millisecond):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
		}
	}
	return out, nil
}

// Save creates a match (under a new random ref when ref is empty, or in
// the place of an expired one), or writes an existing one if it is still
// at version and has not expired: one conditional put.
func (s *Store) Save(ctx context.Context, kind, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	if ref == "" {
		var b [12]byte
		rand.Read(b[:])
		ref = hex.EncodeToString(b[:])
	}
	item := key(kind, ref)
	item["version"] = &types.AttributeValueMemberN{Value: strconv.FormatUint(version+1, 10)}
	if !expires.IsZero() {
		item["expires"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(expires.Unix(), 10)}
	}
	if len(state) > 0 {
		item["state"] = &types.AttributeValueMemberB{Value: state}
	}
	now := &types.AttributeValueMemberN{Value: strconv.FormatInt(s.clock().Unix(), 10)}
	in := &dynamodb.PutItemInput{TableName: &s.table, Item: item}
	if version == 0 {
		in.ConditionExpression = aws.String("attribute_not_exists(id) OR expires <= :now")
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":now": now}
	} else {
		in.ConditionExpression = aws.String("version = :v AND (attribute_not_exists(expires) OR expires > :now)")
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: strconv.FormatUint(version, 10)}, ":now": now}
	}
	_, err := s.client.PutItem(ctx, in)
	var failed *types.ConditionalCheckFailedException
	if errors.As(err, &failed) {
		return "", play.Errorf(play.CodeConflict, "the %s entry %s changed since it was loaded; load it again", kind, ref)
	}
	return ref, err
}

// CreateTable creates a table of the layout this store reads, billed per
// request, and waits until it is active. The SAM template declares the
// same table for AWS; this is for local servers and tests.
func CreateTable(ctx context.Context, client *dynamodb.Client, table string) error {
	_, err := client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: &table,
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("id"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("ix"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("ik"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("id"), KeyType: types.KeyTypeHash}},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String(ListedIndex),
			KeySchema:  []types.KeySchemaElement{{AttributeName: aws.String("ix"), KeyType: types.KeyTypeHash}, {AttributeName: aws.String("ik"), KeyType: types.KeyTypeRange}},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeInclude, NonKeyAttributes: []string{"member", "value"}},
		}},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		return err
	}
	waiter := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay, o.MaxDelay = 50*time.Millisecond, 2*time.Second
	})
	return waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: &table}, time.Minute)
}
