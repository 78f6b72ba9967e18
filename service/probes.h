// The referee's HTTP probes, for Kubernetes `httpGet` probes and any load
// balancer: plain HTTP on the metrics listener (metrics.h), which stays
// plaintext whether or not the gRPC port uses TLS, so the probes work with TLS
// on and off and need no probe binary in the image.
//   GET /healthz  liveness: 200 "ok" while the server runs (from the moment
//                 its gRPC port is serving until the drain stops the metrics
//                 listener). It does not turn 503 during the lame duck: a pod
//                 that is shutting down must not be restarted.
//   GET /readyz   readiness: the gRPC health status of the server as a whole
//                 (health.h), as Check answers it at that moment: 200
//                 "SERVING", or 503 "NOT_SERVING" from SIGTERM on (the lame
//                 duck), so that the pod leaves the Service's endpoints.
// HEAD is answered as GET without the body; other methods get 405. Any other
// path is left to the metrics endpoint (/metrics; 404 for the rest). Before
// the server is serving (between the metrics listener's start and the gRPC
// port's) both probes answer 503.
//
// How: prometheus-cpp's Exposer serves only its collectables (and basic auth)
// on its paths, and keeps its civetweb server to itself; it takes civetweb
// callbacks, though. The probes are civetweb's begin_request callback, which
// sees every request first and answers the two paths itself. A callback is a
// plain function, so it finds what to answer by the port the request came
// in on (ProbeAnswers registers it).
#pragma once

#include <functional>

struct CivetCallbacks;

namespace carcassonne::service {

// The civetweb callbacks that answer /healthz and /readyz; to pass to the
// metrics endpoint (MetricsEndpoint). Static: valid for the whole process.
const CivetCallbacks* ProbeCallbacks();

// While it lives, the probes of the listener bound to `port` (an endpoint
// made with ProbeCallbacks()) answer: /healthz 200, and /readyz 200 or 503
// as `serving` says (called from an HTTP thread; must be thread-safe and
// quick). Its destructor waits for a probe being answered with it, so that
// `serving` is never called after it.
class ProbeAnswers {
 public:
  ProbeAnswers(int port, std::function<bool()> serving);
  ~ProbeAnswers();
  ProbeAnswers(const ProbeAnswers&) = delete;
  ProbeAnswers& operator=(const ProbeAnswers&) = delete;

 private:
  const int port_;
};

}  // namespace carcassonne::service
