import CoreMetrics
import Metrics
import Prometheus
import Synchronization

/// OPS-3 and issue 10, finding 15: Prometheus metrics for `GET /metrics`.
///
/// Counters and timers recorded through swift-metrics anywhere in the process (Hummingbird's `MetricsMiddleware`:
/// requests and durations by route, method and status; the sign-in limiter: lockouts, delayed and refused
/// attempts) land in `registry` once `bootstrap()` made it the process's metrics backend. Values that are cheaper
/// to read than to track — the page cache's bytes, and later the change feed's lag or the database pool's use —
/// are gauges sampled when the metrics are scraped (`addSampledGauge`).
public final class ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let samplers = Mutex<[@Sendable () -> Void]>([])

    init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    /// Metrics for this process: makes a registry the global swift-metrics backend. Call once, before building the
    /// application (swift-metrics allows one bootstrap per process).
    public static func bootstrap() -> ServerMetrics {
        let metrics = ServerMetrics()
        var factory = PrometheusMetricsFactory(registry: metrics.registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        factory.nameAndLabelSanitizer = { name, labels in
            (renamed[name] ?? name, labels.map { ($0.0.replacing(".", with: "_"), $0.1) })
        }
        MetricsSystem.bootstrap(factory)
        return metrics
    }

    /// Hummingbird's metric names, in Doable's namespace and Prometheus's conventions.
    static let renamed = [
        "hb.requests": "doable_http_requests_total",
        "hb.request.errors": "doable_http_request_errors_total",
        "http.server.request.duration": "doable_http_request_duration_seconds",
        "http.server.active_requests": "doable_http_active_requests",
    ]

    /// A gauge whose value `read` gives each time the metrics are scraped; nil leaves the last value.
    /// Hooks for what only its owner can measure, e.g. the change feed's lag or the database pool's use.
    public func addSampledGauge(name: String, help: String, _ read: @escaping @Sendable () -> Double?) {
        let gauge = registry.makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help))
        samplers.withLock { $0.append { if let value = read() { gauge.set(value) } } }
    }

    /// The text exposition of every metric, sampled gauges read now.
    public func render() -> [UInt8] {
        for sample in samplers.withLock({ $0 }) { sample() }
        return registry.emitToBuffer()
    }
}
