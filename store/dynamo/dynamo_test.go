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
	storetest.Run(t, func(t *testing.T) play.Store { return dynamo.New(c, storetest.NewTable(t, c), time.Now) })
}

// TestWritesSetTheExpiry: every write sets the TTL attribute Retention
// after the clock's time.
func TestWritesSetTheExpiry(t *testing.T) {
	c := storetest.DynamoClient(t)
	table := storetest.NewTable(t, c)
	ctx := context.Background()
	at := time.Unix(1_800_000_000, 0)
	ref, err := dynamo.New(c, table, func() time.Time { return at }).Save(ctx, "g", "", []byte("s"), 0)
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: &table, Key: map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: "g/" + ref}}})
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := out.Item["expires"].(*types.AttributeValueMemberN); e == nil || e.Value != fmt.Sprint(at.Add(dynamo.Retention).Unix()) {
		t.Errorf("expires: %#v", out.Item["expires"])
	}
}
