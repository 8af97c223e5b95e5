public import Hummingbird
import NIOCore

/// A text export's file type: iCalendar or CSV.
public enum DownloadFormat: String, Sendable {
    case ics, csv

    var contentType: String { self == .ics ? "text/calendar; charset=utf-8" : "text/csv; charset=utf-8" }
    var filename: String { self == .ics ? "doable-tasks.ics" : "doable-tasks.csv" }
}

extension Response {
    /// A text export as a download (`Content-Disposition: attachment` with its file name).
    public static func download(_ text: String, format: DownloadFormat) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: format.contentType,
                .contentDisposition: "attachment; filename=\"\(format.filename)\"",
            ], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
