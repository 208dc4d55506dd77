package dynamo_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/dynamo"
	"github.com/agentgames/bundle/store/storetest"
)

// client reaches the DynamoDB-API server at $DYNAMODB_ENDPOINT (make test
// starts dynalite there). Without it the test is skipped, unless
// STORE_REQUIRED is set, as make test sets it.
func client(t *testing.T) *dynamodb.Client {
	endpoint := os.Getenv("DYNAMODB_ENDPOINT")
	if endpoint == "" {
		if os.Getenv("STORE_REQUIRED") != "" {
			t.Fatal("DYNAMODB_ENDPOINT is not set: make test starts dynalite and sets it")
		}
		t.Skip("DYNAMODB_ENDPOINT is not set (make test starts dynalite)")
	}
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("test", "test", "")}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(endpoint) })
}

// TestStore runs the store suite against a real DynamoDB API, a fresh
// table for each check.
func TestStore(t *testing.T) {
	c := client(t)
	storetest.Run(t, func(t *testing.T) play.Store {
		var b [6]byte
		rand.Read(b[:])
		table := "matches-" + hex.EncodeToString(b[:])
		if err := dynamo.CreateTable(context.Background(), c, table); err != nil {
			t.Fatal(err)
		}
		return dynamo.New(c, table, time.Now)
	})
}

// TestWritesSetTheExpiry: every write sets the TTL attribute Retention
// after the clock's time.
func TestWritesSetTheExpiry(t *testing.T) {
	c := client(t)
	var b [6]byte
	rand.Read(b[:])
	table := "matches-" + hex.EncodeToString(b[:])
	ctx := context.Background()
	if err := dynamo.CreateTable(ctx, c, table); err != nil {
		t.Fatal(err)
	}
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
