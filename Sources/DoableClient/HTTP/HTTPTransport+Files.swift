import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Bodies that are files rather than JSON: an upload with progress, and a download of any type.
extension HTTPTransport {
    /// An import of 10,000 tasks takes seconds; a slow link uploading 20 MiB may take minutes.
    static let fileTimeout = TimeAmount.minutes(10)
    static let uploadChunkBytes = 64 * 1024

    /// POSTs `bytes` as `contentType` in chunks, telling `progress` as the connection takes each, then that the
    /// server is working; returns the answer's body once its status says it succeeded.
    func upload(
        _ path: String, bytes: [UInt8], contentType: String,
        progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> Data {
        var request = try request(.POST, path, accept: "application/json")
        request.headers.add(name: "Content-Type", value: contentType)
        request.body = .stream(
            UploadChunks(bytes: bytes, size: Self.uploadChunkBytes, progress: progress),
            length: .known(Int64(bytes.count)))
        return try await execute(request, timeout: Self.fileTimeout)
    }

    /// GETs `path`, whatever type the answer is.
    func download(_ path: String) async throws -> Data {
        try await execute(try request(.GET, path, accept: "*/*"), timeout: Self.fileTimeout)
    }

    /// `?name=value&…`, each part percent-encoded; empty for no parameters.
    static func queryString(_ parameters: [(String, String)]) -> String {
        guard !parameters.isEmpty else { return "" }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&+=?#")
        return "?"
            + parameters.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
            }.joined(separator: "&")
    }
}

/// The body of an upload, in chunks; reports each chunk as the client takes it, and the end of the upload.
struct UploadChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let bytes: [UInt8]
    let size: Int
    let progress: @Sendable (UploadProgress) -> Void

    func makeAsyncIterator() -> Iterator { Iterator(chunks: self) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: UploadChunks
        var offset = 0
        var isFinished = false

        mutating func next() async -> ByteBuffer? {
            guard offset < chunks.bytes.count else {
                if !isFinished {
                    isFinished = true
                    chunks.progress(.importing)
                }
                return nil
            }
            let end = Swift.min(offset + chunks.size, chunks.bytes.count)
            let buffer = ByteBuffer(bytes: chunks.bytes[offset..<end])
            offset = end
            chunks.progress(.uploading(sent: offset, total: chunks.bytes.count))
            return buffer
        }
    }
}
