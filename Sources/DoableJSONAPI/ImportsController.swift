import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import HTTPTypes
import Hummingbird
import NIOCore
import DoableHTTP

/// INTEROP-5: `POST /api/v1/imports`. The body is the file and its `Content-Type` says the format (`text/csv`
/// Todoist, `application/json` Taskwarrior, `text/calendar` iCalendar); the query says where it goes (`listId`, or
/// `listName`, or neither for a new list) and whether to only preview it (`dryRun=true`).
struct ImportsController: Sendable {
    let transfer: TransferService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("imports", use: create)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let format = try Self.format(of: request)
        let (target, isDryRun) = try Self.options(request.uri.queryParameters)
        let bytes: [UInt8]
        do {
            bytes = Array(try await request.body.collect(upTo: ImportReader.maximumBytes).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge, message: RequestBodyLimit.message(forPath: request.uri.path))
        }
        let file = try ImportReader.read(
            bytes, format: format,
            context: ImportContext(
                preferences: identity.account.preferences, now: transfer.now()))
        let report = try await transfer.importFile(identity, file, into: target, dryRun: isDryRun)
        return JSONResponse.make(ImportReportDTO(report), status: isDryRun ? .ok : .created)
    }

    /// The format the `Content-Type` names (with no charset but UTF-8), or 415 listing the three.
    static func format(of request: Request) throws -> ImportFormat {
        let values = request.headers[values: .contentType]
        guard values.count == 1, let mediaType = MediaType(from: values[0]),
            let format = ImportFormat(mediaType: "\(mediaType.type)/\(mediaType.subType)"),
            mediaType.parameter.map({
                $0.name.lowercased() != "charset"
                    || ["utf-8", "utf8"].contains($0.value.lowercased())
            }) ?? true
        else {
            throw HTTPError(
                .unsupportedMediaType,
                message: "Send the file with the Content-Type of its format: "
                    + ImportFormat.accepted + " (UTF-8).")
        }
        return format
    }

    /// `listId` or `listName` (not both) and `dryRun` (`true` or `false`).
    static func options(_ query: Parameters) throws -> (ImportTarget, Bool) {
        let target: ImportTarget
        switch (query.get("listId"), query.get("listName")) {
        case (.some, .some):
            throw DoableError.invalid("listName", "Give listId or listName, not both.")
        case (let id?, nil):
            // A malformed id names no list the caller can see.
            guard let id = ListID(id) else { throw DoableError.notFound("List not found.", field: "listId") }
            target = .list(id)
        case (nil, let name?):
            target = .named(name)
        case (nil, nil):
            target = .newList
        }
        switch query.get("dryRun") {
        case nil, "false": return (target, false)
        case "true": return (target, true)
        default: throw DoableError.invalid("dryRun", "dryRun is true or false.")
        }
    }
}
