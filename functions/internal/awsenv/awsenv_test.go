package awsenv

import (
	"context"
	"testing"
)

// TestConfig: the region and the credentials come from the variables the
// Lambda runtime sets, and an environment without them is refused.
func TestConfig(t *testing.T) {
	t.Setenv("AWS_REGION", "eu-west-3")
	t.Setenv("AWS_DEFAULT_REGION", "")
	t.Setenv("AWS_ACCESS_KEY_ID", "AKID")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "SECRET")
	t.Setenv("AWS_SESSION_TOKEN", "SESSION")
	cfg, err := Config()
	if err != nil || cfg.Region != "eu-west-3" {
		t.Fatalf("%+v, %v", cfg.Region, err)
	}
	creds, err := cfg.Credentials.Retrieve(context.Background())
	if err != nil || creds.AccessKeyID != "AKID" || creds.SecretAccessKey != "SECRET" || creds.SessionToken != "SESSION" {
		t.Errorf("credentials %+v, %v", creds, err)
	}
	t.Setenv("AWS_REGION", "")
	t.Setenv("AWS_DEFAULT_REGION", "us-east-2")
	if cfg, err := Config(); err != nil || cfg.Region != "us-east-2" {
		t.Errorf("AWS_DEFAULT_REGION: %q, %v", cfg.Region, err)
	}
	t.Setenv("AWS_DEFAULT_REGION", "")
	if _, err := Config(); err == nil {
		t.Error("no region: no error")
	}
	t.Setenv("AWS_REGION", "eu-west-3")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "")
	if _, err := Config(); err == nil {
		t.Error("no secret key: no error")
	}
}

// TestEndpoint: a service's own variable wins over the general one, and
// neither set leaves the service's endpoint.
func TestEndpoint(t *testing.T) {
	t.Setenv("AWS_ENDPOINT_URL", "")
	t.Setenv("AWS_ENDPOINT_URL_SECRETS_MANAGER", "")
	if e := Endpoint("Secrets Manager"); e != nil {
		t.Errorf("none set: %q", *e)
	}
	t.Setenv("AWS_ENDPOINT_URL", "http://all")
	if e := Endpoint("Secrets Manager"); e == nil || *e != "http://all" {
		t.Errorf("AWS_ENDPOINT_URL: %v", e)
	}
	t.Setenv("AWS_ENDPOINT_URL_SECRETS_MANAGER", "http://sm")
	if e := Endpoint("Secrets Manager"); e == nil || *e != "http://sm" {
		t.Errorf("AWS_ENDPOINT_URL_SECRETS_MANAGER: %v", e)
	}
}
