package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// sqsEmulator is a running goaws, an SQS emulator that speaks the AWS
// JSON protocol the SDK's SQS client sends.
type sqsEmulator struct {
	Endpoint string
	Client   *sqs.Client
}

// startSQS starts $GOAWS_BIN (make tools installs it into .bin) on a free
// port, with no queues, and stops it when the test ends. Without it the
// test is skipped, unless E2E_REQUIRED is set. goaws listens on every
// interface, not only loopback: its config names a port, not an address.
func startSQS(t *testing.T) *sqsEmulator {
	t.Helper()
	bin := os.Getenv("GOAWS_BIN")
	if bin == "" {
		if os.Getenv("E2E_REQUIRED") != "" {
			t.Fatal("GOAWS_BIN is not set: run make test, which installs goaws into .bin")
		}
		t.Skip("GOAWS_BIN is not set (make tools installs goaws into .bin)")
	}
	_, port, _ := net.SplitHostPort(freeAddrs(t, 1)[0])
	config := filepath.Join(t.TempDir(), "goaws.yaml")
	yaml := fmt.Sprintf("Local:\n  Host: 127.0.0.1\n  Port: %q\n  Region: us-east-1\n  AccountId: \"100010001000\"\n", port)
	if err := os.WriteFile(config, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	startLogged(t, "goaws", exec.Command(bin, "-config", config, "Local"))
	e := &sqsEmulator{Endpoint: "http://127.0.0.1:" + port}
	for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		if res, err := http.Get(e.Endpoint + "/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("goaws never answered")
		}
	}
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("test", "test", "")}
	e.Client = sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.BaseEndpoint = aws.String(e.Endpoint) })
	return e
}

// queues creates a queue whose messages move to a dead-letter queue,
// name-dlq, after maxReceive receives, and answers both queues' URLs.
func (e *sqsEmulator) queues(t *testing.T, name string, visibility time.Duration, maxReceive int) (url, dlqURL string) {
	t.Helper()
	ctx := context.Background()
	dlq, err := e.Client.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name + "-dlq")})
	if err != nil {
		t.Fatal(err)
	}
	attrs, err := e.Client.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: dlq.QueueUrl,
		AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameQueueArn}})
	if err != nil {
		t.Fatal(err)
	}
	q, err := e.Client.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name), Attributes: map[string]string{
		"VisibilityTimeout": strconv.Itoa(int(visibility / time.Second)),
		"RedrivePolicy":     fmt.Sprintf(`{"deadLetterTargetArn":%q,"maxReceiveCount":"%d"}`, attrs.Attributes["QueueArn"], maxReceive),
	}})
	if err != nil {
		t.Fatal(err)
	}
	return *q.QueueUrl, *dlq.QueueUrl
}

// TestSQSEmulator checks, with the SDK's SQS client, what a Lambda SQS
// event source and our runner rely on of SQS, as goaws does it. goaws
// differs from SQS in four ways, asserted as goaws does them:
//   - SendMessageBatch queues every entry but answers no Successful
//     entries (its JSON names them SendMessageBatchResultEntry);
//   - ApproximateReceiveCount is always 1 (SQS counts the receives);
//   - ApproximateNumberOfMessages counts messages in flight and delayed
//     too (SQS counts only those a receive can answer);
//   - a message moves to the dead-letter queue when its maxReceiveCount-th
//     visibility timeout ends, which goaws notices on a one-second tick
//     (SQS moves it at the next receive); so a redelivery comes up to a
//     second after the visibility timeout.
func TestSQSEmulator(t *testing.T) {
	t.Parallel() // it waits out visibility timeouts
	const visibility = time.Second
	e := startSQS(t)
	ctx := context.Background()
	url, dlqURL := e.queues(t, "work", visibility, 2)
	receive := func(url string, wait int32) []types.Message {
		t.Helper()
		out, err := e.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &url, MaxNumberOfMessages: 10, WaitTimeSeconds: wait,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameAll}})
		if err != nil {
			t.Fatal(err)
		}
		return out.Messages
	}
	// next polls url, a second at a time, until a message comes.
	next := func(url string) types.Message {
		t.Helper()
		for start := time.Now(); time.Since(start) < 5*time.Second; {
			if got := receive(url, 1); len(got) == 1 {
				return got[0]
			} else if len(got) > 1 {
				t.Fatalf("%d messages came, not 1", len(got))
			}
		}
		t.Fatal("no message came")
		return types.Message{}
	}
	count := func(url string, name types.QueueAttributeName) string {
		t.Helper()
		out, err := e.Client.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: &url, AttributeNames: []types.QueueAttributeName{name}})
		if err != nil {
			t.Fatal(err)
		}
		return out.Attributes[string(name)]
	}
	deleteMessage := func(m types.Message) {
		t.Helper()
		if _, err := e.Client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: &url, ReceiptHandle: m.ReceiptHandle}); err != nil {
			t.Fatal(err)
		}
	}
	bodies := func(ms []types.Message) []string {
		var out []string
		for _, m := range ms {
			out = append(out, *m.Body)
		}
		return out
	}

	if _, err := e.Client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &url, MessageBody: aws.String("one")}); err != nil {
		t.Fatal(err)
	}
	batch, err := e.Client.SendMessageBatch(ctx, &sqs.SendMessageBatchInput{QueueUrl: &url, Entries: []types.SendMessageBatchRequestEntry{
		{Id: aws.String("2"), MessageBody: aws.String("two")}, {Id: aws.String("3"), MessageBody: aws.String("three")}}})
	if err != nil || len(batch.Successful) != 0 || len(batch.Failed) != 0 { // SQS: 2 Successful
		t.Fatalf("SendMessageBatch: %v %+v", err, batch)
	}

	received := time.Now()
	got := receive(url, 0)
	if !slices.Equal(bodies(got), []string{"one", "two", "three"}) {
		t.Fatalf("the first receive: %q", bodies(got))
	}
	for _, m := range got {
		if m.Attributes["ApproximateReceiveCount"] != "1" {
			t.Errorf("%s first received %s times", *m.Body, m.Attributes["ApproximateReceiveCount"])
		}
	}
	one, two := got[0], got[1]
	if again := receive(url, 0); len(again) != 0 {
		t.Fatalf("messages in flight were received again: %q", bodies(again))
	}
	if n := count(url, types.QueueAttributeNameApproximateNumberOfMessagesNotVisible); n != "3" {
		t.Errorf("%s messages not visible, not 3", n)
	}
	if n := count(url, types.QueueAttributeNameApproximateNumberOfMessages); n != "3" { // SQS: 0
		t.Errorf("goaws counted %s messages, not the 3 in flight", n)
	}

	deleteMessage(one)
	if _, err := e.Client.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{QueueUrl: &url, ReceiptHandle: two.ReceiptHandle, VisibilityTimeout: 0}); err != nil {
		t.Fatal(err)
	}
	if got := receive(url, 0); !slices.Equal(bodies(got), []string{"two"}) {
		t.Fatalf("after a visibility of 0: %q", bodies(got))
	} else {
		deleteMessage(got[0])
	}

	three := next(url)
	if took := time.Since(received); *three.Body != "three" || took < visibility {
		t.Fatalf("%q came back after %s, within its visibility timeout of %s", *three.Body, took, visibility)
	}
	if n := three.Attributes["ApproximateReceiveCount"]; n != "1" { // SQS: 2
		t.Errorf("goaws counted %s receives of a message received twice, not 1", n)
	}
	for start := time.Now(); count(dlqURL, types.QueueAttributeNameApproximateNumberOfMessages) != "1"; {
		if got := receive(url, 1); len(got) != 0 {
			t.Fatalf("a message received twice was received again: %q", bodies(got))
		}
		if time.Since(start) > 5*time.Second {
			t.Fatal("the message received twice never moved to the dead-letter queue")
		}
	}
	if got := receive(dlqURL, 0); !slices.Equal(bodies(got), []string{"three"}) {
		t.Errorf("the dead-letter queue: %q", bodies(got))
	}

	sent := time.Now()
	if _, err := e.Client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: &url, MessageBody: aws.String("late"), DelaySeconds: 1}); err != nil {
		t.Fatal(err)
	}
	if got := receive(url, 0); len(got) != 0 {
		t.Fatalf("a delayed message came at once: %q", bodies(got))
	}
	if n := count(url, types.QueueAttributeNameApproximateNumberOfMessages); n != "1" { // SQS: 0
		t.Errorf("goaws counted %s messages, not the delayed one", n)
	}
	late := next(url)
	if took := time.Since(sent); *late.Body != "late" || took < time.Second {
		t.Fatalf("%q came after %s, within its delay of a second", *late.Body, took)
	}
	deleteMessage(late)
	if n := count(url, types.QueueAttributeNameApproximateNumberOfMessages); n != "0" {
		t.Errorf("%s messages are left", n)
	}
}
