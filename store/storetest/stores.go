package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/dynamo"
	"github.com/agentgames/bundle/store/memory"
)

// DynamoClient reaches the DynamoDB-API server at $DYNAMODB_ENDPOINT (make
// test starts dynalite there). Without it the test is skipped, unless
// STORE_REQUIRED is set, as make test sets it.
func DynamoClient(t testing.TB) *dynamodb.Client {
	t.Helper()
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

// NewTable creates a fresh table on the client and answers its name.
func NewTable(t testing.TB, c *dynamodb.Client) string {
	t.Helper()
	var b [6]byte
	rand.Read(b[:])
	table := "matches-" + hex.EncodeToString(b[:])
	if err := dynamo.CreateTable(context.Background(), c, table); err != nil {
		t.Fatal(err)
	}
	return table
}

// Each runs f as a subtest on every store: memory, a bbolt file, and a
// DynamoDB table (see DynamoClient).
func Each(t *testing.T, f func(t *testing.T, s play.Store)) {
	t.Run("memory", func(t *testing.T) { f(t, &memory.Store{}) })
	t.Run("bolt", func(t *testing.T) {
		s, err := bolt.Open(filepath.Join(t.TempDir(), "matches.db"), time.Now)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		f(t, s)
	})
	t.Run("dynamo", func(t *testing.T) {
		c := DynamoClient(t)
		f(t, dynamo.New(c, NewTable(t, c), time.Now))
	})
}

// Taken is a store in memory where every key is taken: each Save loses,
// as if another request had written the key first. Live play's creation
// draws codes from it in vain.
type Taken struct{ memory.Store }

// Save answers play.CodeConflict.
func (*Taken) Save(context.Context, string, string, []byte, uint64, time.Time) (string, error) {
	return "", play.Errorf(play.CodeConflict, "taken")
}
