-- Prints one machine-readable line after a wrk run: requests/s, p50, p95 and p99 latency in ms, errors.
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT rps=%.1f p50=%.2f p95=%.2f p99=%.2f requests=%d errors=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, latency:percentile(99) / 1000, summary.requests, errors))
end
