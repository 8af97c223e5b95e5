public import DoableAPI
public import DoableCore
public import Foundation

/// Where an upload is: bytes handed to the connection so far, then waiting for the server to import.
public enum UploadProgress: Sendable, Equatable {
    case uploading(sent: Int, total: Int)
    case importing
}

extension APIClient {
    /// INTEROP-5: imports a file (`POST /api/v1/imports`) in one request; `progress` hears of the upload, then of
    /// the wait for the answer. `listID` or `listName` (the server finds the list of that name or makes it);
    /// neither: a new list.
    public func importTasks(
        _ bytes: [UInt8], format: ImportFormat, listID: String? = nil, listName: String? = nil,
        dryRun: Bool = false,
        progress: @escaping @Sendable (UploadProgress) -> Void = { _ in }
    ) async throws
        -> ImportReportDTO
    {
        var query: [(String, String)] = []
        if let listID { query.append(("listId", listID)) }
        if let listName { query.append(("listName", listName)) }
        if dryRun { query.append(("dryRun", "true")) }
        let path = "/api/v1/imports" + HTTPTransport.queryString(query)
        let data = try await transport.upload(
            path, bytes: bytes, contentType: format.mediaType + "; charset=utf-8",
            progress: progress)
        do {
            return try JSONDecoder().decode(ImportReportDTO.self, from: data)
        } catch {
            throw ClientError.invalidResponse("POST /api/v1/imports: \(error)")
        }
    }

    /// INTEROP-5: the export (`GET /api/v1/me/export?format=`): `json` (everything), `ics` or `csv` (the tasks).
    public func export(format: String) async throws -> Data {
        try await transport.download("/api/v1/me/export" + HTTPTransport.queryString([("format", format)]))
    }
}
