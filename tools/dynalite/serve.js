// Runs dynalite's command line (the same arguments), surviving a client
// that drops a request mid-way: dynalite throws the request's 'error'
// ("aborted", ECONNRESET) out of its handler (index.js, httpHandler),
// which ends the whole server, so one Lambda function killed in the
// middle of a DynamoDB call failed every later test of the run. The
// request is lost with its client; the server goes on.
process.on('uncaughtException', function (err) {
  if (err && err.code === 'ECONNRESET') {
    console.error('dynalite: a client dropped its request:', err.message)
    return
  }
  console.error(err)
  process.exit(1)
})
require('dynalite/cli.js')
