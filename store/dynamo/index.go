package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/agentgames/bundle/play"
)

// Sorted indexes (play.Indexer) are items of the table and the table's
// global secondary index ListedIndex:
//   - a member is an item of its own (id "index-member/", the index's
//     name after its length, and the member's name) holding "seq",
//     "member" and "value" and, while it is listed, "ix" (the index's
//     name) and "ik" (its key): the partition and sort keys of
//     ListedIndex, which holds only the items that have them, so that a
//     page is one Query from a key on, however many members the index
//     holds. Listing, unlisting or moving a member is one conditional
//     put of its item; DynamoDB moves it in the index.
//   - an index's counts are one item (id "index-count/" and its name),
//     "members" and "listed", which a write that changes them adds to
//     after its put. DynamoDB would make the two one transaction, but
//     dynalite, which the tests run, has none: a write cut between the
//     two leaves the counts short by what it added (the rows stay
//     exact).
//
// ListedIndex is eventually consistent: a page may miss a write of the
// last moments.
const ListedIndex = "listed"

// maxIndexTries bounds the lost races of one Index call.
const maxIndexTries = 8

func memberID(index, member string) string {
	return "index-member/" + strconv.Itoa(len(index)) + ":" + index + member
}

func countID(index string) string { return "index-count/" + index }

func id(v string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: v}}
}

func num(n int) types.AttributeValue { return &types.AttributeValueMemberN{Value: strconv.Itoa(n)} }

// Index holds member in index under key with value, if seq is above the
// one it holds: a consistent read of its item, a conditional put, and an
// update of the counts when they change.
func (s *Store) Index(ctx context.Context, index, member string, seq uint64, key string, value []byte) error {
	if err := play.CheckIndex(index, member, key, value); err != nil {
		return err
	}
	mid := id(memberID(index, member))
	for range maxIndexTries {
		out, err := s.client.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: mid, ConsistentRead: aws.Bool(true),
			ProjectionExpression: aws.String("seq, ik")})
		if err != nil {
			return err
		}
		old, held := out.Item["seq"].(*types.AttributeValueMemberN)
		_, wasListed := out.Item["ik"]
		var oldSeq uint64
		if held {
			if oldSeq, err = strconv.ParseUint(old.Value, 10, 64); err != nil {
				return fmt.Errorf("dynamo: index member %s: seq %q", member, old.Value)
			}
			if oldSeq >= seq {
				return nil
			}
		}
		item := id(memberID(index, member))
		item["seq"] = &types.AttributeValueMemberN{Value: strconv.FormatUint(seq, 10)}
		item["member"] = &types.AttributeValueMemberS{Value: member}
		if len(value) > 0 {
			item["value"] = &types.AttributeValueMemberB{Value: append([]byte{}, value...)}
		}
		if key != "" {
			item["ix"] = &types.AttributeValueMemberS{Value: index}
			item["ik"] = &types.AttributeValueMemberS{Value: key}
		}
		in := &dynamodb.PutItemInput{TableName: &s.table, Item: item, ConditionExpression: aws.String("attribute_not_exists(id)")}
		if held {
			in.ConditionExpression = aws.String("seq = :old")
			in.ExpressionAttributeValues = map[string]types.AttributeValue{":old": old}
		}
		_, err = s.client.PutItem(ctx, in)
		var failed *types.ConditionalCheckFailedException
		if errors.As(err, &failed) {
			continue // another write of the member came first: read it again
		}
		if err != nil {
			return err
		}
		members, listed := 0, 0
		if !held {
			members = 1
		}
		if wasListed {
			listed--
		}
		if key != "" {
			listed++
		}
		if members == 0 && listed == 0 {
			return nil
		}
		_, err = s.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: &s.table, Key: id(countID(index)),
			UpdateExpression:          aws.String("ADD members :m, listed :l"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":m": num(members), ":l": num(listed)}})
		return err
	}
	return play.Errorf(play.CodeConflict, "the index %s is busy; try again", index)
}

// Scan answers up to limit listed members of index after key after: one
// read of its counts and one Query of ListedIndex.
func (s *Store) Scan(ctx context.Context, index, after string, limit int) (play.IndexPage, error) {
	if err := play.CheckScan(index, after, limit); err != nil {
		return play.IndexPage{}, err
	}
	page := play.IndexPage{Items: []play.IndexItem{}}
	counts, err := s.client.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: id(countID(index))})
	if err != nil {
		return page, err
	}
	for name, n := range map[string]*int{"members": &page.Members, "listed": &page.Listed} {
		if v, ok := counts.Item[name].(*types.AttributeValueMemberN); ok {
			if *n, err = strconv.Atoi(v.Value); err != nil {
				return page, fmt.Errorf("dynamo: index %s: %s %q", index, name, v.Value)
			}
		}
	}
	in := &dynamodb.QueryInput{TableName: &s.table, IndexName: aws.String(ListedIndex), Limit: aws.Int32(int32(limit)),
		KeyConditionExpression:    aws.String("ix = :ix"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":ix": &types.AttributeValueMemberS{Value: index}}}
	if after != "" {
		in.KeyConditionExpression = aws.String("ix = :ix AND ik > :after")
		in.ExpressionAttributeValues[":after"] = &types.AttributeValueMemberS{Value: after}
	}
	for { // a Query answers at most 1 MB: a page of large values takes more
		out, err := s.client.Query(ctx, in)
		if err != nil {
			return page, err
		}
		for _, it := range out.Items {
			member, _ := it["member"].(*types.AttributeValueMemberS)
			key, _ := it["ik"].(*types.AttributeValueMemberS)
			if member == nil || key == nil {
				return page, fmt.Errorf("dynamo: index %s holds an item without its member or key", index)
			}
			value := []byte{}
			if v, ok := it["value"].(*types.AttributeValueMemberB); ok {
				value = v.Value
			}
			page.Items = append(page.Items, play.IndexItem{Member: member.Value, Key: key.Value, Value: value})
		}
		if len(page.Items) >= limit || out.LastEvaluatedKey == nil {
			return page, nil
		}
		in.ExclusiveStartKey, in.Limit = out.LastEvaluatedKey, aws.Int32(int32(limit-len(page.Items)))
	}
}
