package dynamo_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/dynamo"
	"github.com/agentgames/bundle/store/storetest"
)

// TestStore runs the store suite against a real DynamoDB API, a fresh
// table for each check.
func TestStore(t *testing.T) {
	c := storetest.DynamoClient(t)
	storetest.Run(t, func(t *testing.T, clock func() time.Time) play.Store {
		return dynamo.New(c, storetest.NewTable(t, c), clock)
	})
}

// TestWritesSetTheExpiry: a write sets the TTL attribute to the expiry it
// is given, and a write without one leaves it out.
func TestWritesSetTheExpiry(t *testing.T) {
	c := storetest.DynamoClient(t)
	table := storetest.NewTable(t, c)
	ctx := context.Background()
	at := time.Unix(1_800_000_000, 0)
	store := dynamo.New(c, table, func() time.Time { return at })
	for _, expires := range []time.Time{at.Add(play.Retention), {}} {
		ref, err := store.Save(ctx, "g", "", []byte("s"), 0, expires)
		if err != nil {
			t.Fatal(err)
		}
		out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: &table, Key: map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: "g/" + ref}}})
		if err != nil {
			t.Fatal(err)
		}
		e, _ := out.Item["expires"].(*types.AttributeValueMemberN)
		if (e == nil) != expires.IsZero() || (e != nil && e.Value != fmt.Sprint(expires.Unix())) {
			t.Errorf("expires %v: %#v", expires, out.Item["expires"])
		}
	}
}
