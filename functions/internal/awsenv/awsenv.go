// Package awsenv is the AWS configuration a Lambda function of the bundle
// runs with, read from the environment the runtime sets: the region
// (AWS_REGION), the function's credentials (AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) and a service's endpoint
// (AWS_ENDPOINT_URL_<SERVICE>, or AWS_ENDPOINT_URL), as the SDK's
// config.LoadDefaultConfig reads them there.
//
// LoadDefaultConfig also links every other source of credentials (SSO,
// STS, the console sign-in, the instance metadata service, shared files),
// whose packages' initialization took 1.9 ms of the 5.4 ms a game
// function spent in package initialization before its first answer
// (GODEBUG=inittrace=1), on every cold start, for sources a function never
// uses.
package awsenv

import (
	"errors"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// Config is the function's AWS configuration. It refuses an environment
// without a region or without credentials, as a client would fail on
// its first call.
func Config() (aws.Config, error) {
	region := os.Getenv("AWS_REGION")
	if region == "" {
		region = os.Getenv("AWS_DEFAULT_REGION")
	}
	id, secret := os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY")
	switch {
	case region == "":
		return aws.Config{}, errors.New("AWS_REGION is not set")
	case id == "" || secret == "":
		return aws.Config{}, errors.New("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set: a function's credentials come from its environment")
	}
	provider := credentials.NewStaticCredentialsProvider(id, secret, os.Getenv("AWS_SESSION_TOKEN"))
	return aws.Config{Region: region, Credentials: aws.NewCredentialsCache(provider)}, nil
}

// Endpoint is the endpoint the environment sets for service (its SDK
// identifier, as "DynamoDB" or "Secrets Manager"): AWS_ENDPOINT_URL_ and
// the identifier in capitals with spaces as underscores, else
// AWS_ENDPOINT_URL; nil for the service's own.
func Endpoint(service string) *string {
	for _, name := range []string{"AWS_ENDPOINT_URL_" + strings.ToUpper(strings.ReplaceAll(service, " ", "_")), "AWS_ENDPOINT_URL"} {
		if v := os.Getenv(name); v != "" {
			return &v
		}
	}
	return nil
}
