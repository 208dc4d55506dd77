// Command hello is the floor the e2e test measures cold starts against: an
// aws-lambda-go function that answers an empty API Gateway response, built
// the same way as the bundle's functions.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		return events.APIGatewayV2HTTPResponse{StatusCode: 200, Body: "{}"}, nil
	})
}
