import CompressNIO
import Hummingbird
import NIOCore

/// a response body writer that gzips what is written through it, chunk by chunk, and passes the compressed
/// bytes on to the writer beneath in pieces of about `chunk` bytes: nothing waits for the whole body.
struct GzipBodyWriter: ResponseBodyWriter {
    static let chunk = 16 * 1024

    private var parent: any ResponseBodyWriter
    private let compressor: ZlibCompressor
    private var output: ByteBuffer
    private let allocator = ByteBufferAllocator()

    init(parent: any ResponseBodyWriter, compressor: ZlibCompressor) {
        self.parent = parent
        self.compressor = compressor
        self.output = allocator.buffer(capacity: Self.chunk)
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        var input = buffer
        // zlib takes all the input it is given while there is room for its output; what it holds back comes
        // out with a later write or the finish.
        while input.readableBytes > 0 {
            if output.writableBytes < 64 { try await emit() }
            try compressor.deflate(from: &input, to: &output, flush: .no)
        }
        if output.readableBytes >= Self.chunk { try await emit() }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        var empty = ByteBuffer()
        while true {
            if output.writableBytes < 64 { try await emit() }
            do {
                try compressor.deflate(from: &empty, to: &output, flush: .finish)
                break
            } catch let error as CompressNIOError where error == .bufferOverflow {
                // More to come than there was room for: send this piece and go on.
                try await emit()
            }
        }
        if output.readableBytes > 0 { try await parent.write(output) }
        try await parent.finish(trailingHeaders)
    }

    private mutating func emit() async throws {
        if output.readableBytes > 0 { try await parent.write(output) }
        output = allocator.buffer(capacity: Self.chunk)
    }
}
