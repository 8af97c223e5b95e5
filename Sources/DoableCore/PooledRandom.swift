#if canImport(Glibc)
    import Glibc
#endif
import Synchronization

/// Random numbers from the operating system's generator, fetched 4 KiB at a time. Every write makes an id and
/// often a rank key; Swift's `SystemRandomNumberGenerator` makes one system call per eight bytes, which showed in
/// profiles of task creation. Each pooled byte is handed out once.
public struct PooledRandomGenerator: RandomNumberGenerator {
    public init() {}

    public mutating func next() -> UInt64 { RandomPool.shared.next() }
}

final class RandomPool: Sendable {
    static let shared = RandomPool()
    private static let words = 512
    private let state = Mutex<(words: [UInt64], index: Int)>(([], 0))

    func next() -> UInt64 {
        state.withLock { state in
            if state.index == state.words.count {
                state.words = Self.fetch()
                state.index = 0
            }
            defer { state.index += 1 }
            return state.words[state.index]
        }
    }

    /// `/dev/urandom`, opened once; read 4 KiB at a time.
    private static let device: Int32 = {
        #if canImport(Glibc)
            return open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        #else
            return -1
        #endif
    }()

    private static func fetch() -> [UInt64] {
        var words = [UInt64](repeating: 0, count: Self.words)
        #if canImport(Glibc)
            if device >= 0 {
                let wanted = Self.words * MemoryLayout<UInt64>.size
                let filled = words.withUnsafeMutableBytes { buffer -> Bool in
                    var offset = 0
                    while offset < wanted {
                        let count = read(device, buffer.baseAddress! + offset, wanted - offset)
                        if count <= 0 { return false }
                        offset += count
                    }
                    return true
                }
                if filled { return words }
            }
        #endif
        var system = SystemRandomNumberGenerator()
        for index in words.indices { words[index] = system.next() }
        return words
    }
}
