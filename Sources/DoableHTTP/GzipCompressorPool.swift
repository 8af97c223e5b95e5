import CompressNIO
import Synchronization

/// zlib deflate streams kept for reuse. Setting one up allocates about 256 KB (a 32 KB window and the hash
/// tables); a finished stream is reset (`deflateReset`) and handed to the next answer instead. At most `capacity`
/// are kept; a burst beyond that makes new ones, dropped when done.
public final class GzipCompressorPool: Sendable {
    /// zlib level 6, its default: the Today page shrinks thirteenfold (bench/RESULTS.md has its bytes and cost).
    static let configuration = ZlibConfiguration(windowSize: 15, compressionLevel: 6, memoryLevel: 8)
    public static let shared = GzipCompressorPool()

    /// A `ZlibCompressor` used by one answer at a time: it passes between tasks, never shared by two at once.
    final class Lease: @unchecked Sendable {
        let compressor: ZlibCompressor
        init(_ compressor: ZlibCompressor) { self.compressor = compressor }
    }

    private let idle = Mutex<[Lease]>([])
    private let capacity: Int

    public init(capacity: Int = 16) {
        self.capacity = capacity
    }

    func take() throws -> Lease {
        if let lease = idle.withLock({ $0.popLast() }) { return lease }
        return Lease(try ZlibCompressor(algorithm: .gzip, configuration: Self.configuration))
    }

    /// Back in the pool, reset for a new stream, whether the last one finished or was cut off.
    func give(_ lease: Lease) {
        guard (try? lease.compressor.reset()) != nil else { return }
        idle.withLock { if $0.count < capacity { $0.append(lease) } }
    }
}
