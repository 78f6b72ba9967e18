// The embedded static files (static_assets.h): for now one index page at "/"
// that says what the HTTP port serves. (The browser playground replaces this
// file with its own pages.)
#include "service/static_assets.h"

namespace carcassonne::service {
namespace {

constexpr std::string_view kIndexPage = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Carcassonne Referee</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; color: #222; }
code { background: #f3f3f3; padding: 0 .2em; }
</style>
</head>
<body>
<h1>Carcassonne Referee</h1>
<p>This port serves <code>carcassonne.v1.RefereeService</code> over HTTP/1.1:
the <a href="https://connectrpc.com/docs/protocol">Connect protocol</a> (JSON or binary
protobuf) and gRPC-Web, plus the health check <code>grpc.health.v1.Health/Check</code>.</p>
<p>Try it:</p>
<pre><code>curl -H 'Content-Type: application/json' -d '{}' \
  http://HOST:8080/carcassonne.v1.RefereeService/GetCatalog</code></pre>
<p>Documentation, in the source tree: <code>docs/http.md</code> (endpoints, curl
examples, errors, limits, CORS, TLS) and the API itself,
<code>proto/carcassonne/v1/*.proto</code> (the service in referee.proto; every message and field explained).
The same service answers gRPC on port 50051, with server reflection.</p>
<p>A browser playground to play a game against the referee lands on this page.</p>
</body>
</html>
)html";

constexpr StaticAsset kIndex{"text/html; charset=utf-8", kIndexPage};

}  // namespace

const StaticAsset* FindStaticAsset(std::string_view path) {
  if (path == "/" || path == "/index.html") return &kIndex;
  return nullptr;
}

}  // namespace carcassonne::service
