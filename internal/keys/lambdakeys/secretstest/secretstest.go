// Package secretstest is a stand-in for AWS Secrets Manager, for tests: it
// answers GetSecretValue as the service's JSON 1.1 protocol does, after
// checking that the real SDK signed the request for the service. AWS
// cannot be reached offline; the client under test is the real one.
package secretstest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// Server serves secrets by id (ARN): each value is a GetSecretValue
// answer's fields.
type Server struct {
	URL     string
	t       testing.TB
	secrets map[string]map[string]any
	calls   atomic.Int32
}

// New starts a stand-in serving secrets, closed when t ends.
func New(t testing.TB, secrets map[string]map[string]any) *Server {
	s := &Server{t: t, secrets: secrets}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// String is the GetSecretValue answer of a text secret.
func String(arn, value string) map[string]any {
	return map[string]any{"ARN": arn, "Name": "token-keys", "SecretString": value, "VersionId": "v1", "VersionStages": []string{"AWSCURRENT"}, "CreatedDate": 1.7e9}
}

// Calls is how many requests the stand-in has answered.
func (s *Server) Calls() int { return int(s.calls.Load()) }

// ServeHTTP answers one GetSecretValue.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.calls.Add(1)
	if r.Method != http.MethodPost || r.Header.Get("X-Amz-Target") != "secretsmanager.GetSecretValue" ||
		r.Header.Get("Content-Type") != "application/x-amz-json-1.1" ||
		!strings.Contains(r.Header.Get("Authorization"), "/us-east-1/secretsmanager/aws4_request") {
		s.t.Errorf("not a signed GetSecretValue: %s %s %v", r.Method, r.URL, r.Header)
	}
	var in struct{ SecretId string }
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&in); err != nil {
		s.t.Errorf("request body: %v", err)
	}
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	out, ok := s.secrets[in.SecretId]
	if !ok {
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]string{"__type": "ResourceNotFoundException", "Message": "Secrets Manager can't find the specified secret."})
		return
	}
	json.NewEncoder(w).Encode(out)
}
