#!/usr/bin/env node
// A stand-in for the referee's HTTP listener, for trying the playground
// (service/playground/) against a gRPC-only server: it serves the page's
// files from the source tree at / and /playground/..., and forwards each
// Connect unary JSON call (POST /carcassonne.v1.RefereeService/<Method>,
// Content-Type: application/json) to the gRPC server, answering the response
// as JSON (proto3 JSON mapping: camelCase, enum names, unset fields left
// out) or a Connect error body ({code, message}, the HTTP status the Connect
// protocol gives the code).
//
// A test fixture, not the product: the real listener is the server's own
// --http_port (issue 28 §1), which serves the embedded copy of the same
// files. Not a general proxy: one origin, small bodies, no streaming.
//
//   node grpc_json_proxy.js --grpc 127.0.0.1:50051 [--port 0]
// prints "grpc_json_proxy: listening on http://127.0.0.1:PORT/" once ready.
'use strict';

const fs = require('fs');
const http = require('http');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const REPO = path.resolve(__dirname, '..', '..');
const PAGE_DIR = path.join(REPO, 'service', 'playground');
const SERVICE_PATH = '/carcassonne.v1.RefereeService/';
const MAX_BODY_BYTES = 8 << 20;
const FILES = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/playground/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/playground/style.css': ['style.css', 'text/css; charset=utf-8'],
};
// gRPC status codes -> Connect codes and HTTP statuses (connectrpc.com/docs/protocol).
const CONNECT_CODES = {
  1: ['canceled', 499], 2: ['unknown', 500], 3: ['invalid_argument', 400],
  4: ['deadline_exceeded', 504], 5: ['not_found', 404], 6: ['already_exists', 409],
  7: ['permission_denied', 403], 8: ['resource_exhausted', 429],
  9: ['failed_precondition', 400], 10: ['aborted', 409], 11: ['out_of_range', 400],
  12: ['unimplemented', 501], 13: ['internal', 500], 14: ['unavailable', 503],
  15: ['data_loss', 500], 16: ['unauthenticated', 401],
};

function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

const definition = protoLoader.loadSync('carcassonne/v1/referee.proto', {
  includeDirs: [path.join(REPO, 'proto')],
  keepCase: false,
  enums: String,
  longs: String,
  defaults: false,
  oneofs: false,
});
const Service = grpc.loadPackageDefinition(definition).carcassonne.v1.RefereeService;
const client = new Service(flag('grpc', '127.0.0.1:50051'), grpc.credentials.createInsecure());

function send(response, status, type, body) {
  response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function sendError(response, grpcCode, message) {
  const [code, status] = CONNECT_CODES[grpcCode] || ['unknown', 500];
  send(response, status, 'application/json', JSON.stringify({ code, message }));
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  if (request.method === 'GET' && FILES[url.pathname]) {
    const [file, type] = FILES[url.pathname];
    send(response, 200, type, fs.readFileSync(path.join(PAGE_DIR, file)));
    return;
  }
  const method = url.pathname.startsWith(SERVICE_PATH) ? url.pathname.slice(SERVICE_PATH.length) : '';
  if (request.method !== 'POST' || !method || typeof client[method] !== 'function') {
    send(response, 404, 'text/plain', 'not found\n');
    return;
  }
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  request.on('end', () => {
    if (size > MAX_BODY_BYTES) return sendError(response, 8, 'request body too large');
    let message;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch (error) {
      return sendError(response, 3, `the body is not JSON: ${error.message}`);
    }
    const deadline = new Date(Date.now() + 30000);
    client[method](message, { deadline }, (error, answer) => {
      if (error) return sendError(response, error.code, error.details || error.message);
      send(response, 200, 'application/json', JSON.stringify(answer));
    });
  });
});

server.listen(Number(flag('port', '0')), '127.0.0.1', () => {
  console.log(`grpc_json_proxy: listening on http://127.0.0.1:${server.address().port}/`);
});
