/// INTEROP-5: reads an uploaded file in the format its Content-Type named. Refuses, naming the problem, a file
/// that is not text, not of that format, or holds nothing to import; what the file holds is checked against
/// Doable's rules later, row by row, by the domain.
public enum ImportReader {
    /// The largest file taken: an export of tens of thousands of tasks fits easily.
    public static let maximumBytes = 20 << 20

    public static func read(_ bytes: [UInt8], format: ImportFormat, context: ImportContext) throws(DoableError)
        -> ImportFile
    {
        guard bytes.count <= maximumBytes else {
            throw DoableError.invalid("body", "The file is \(bytes.count / 1_048_576) MiB; at most 20 MiB are taken.")
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }  // a UTF-8 byte order mark
        guard let text = String(validating: body, as: UTF8.self) else {
            throw DoableError.invalid("body", "The file is not UTF-8 text; export it again as UTF-8.")
        }
        let file: ImportFile =
            switch format {
            case .todoist: try TodoistCSV.read(text, context: context)
            case .taskwarrior: try TaskwarriorJSON.read(text, context: context)
            case .iCalendar: try ICalendarImport.read(text, context: context)
            }
        guard !file.rows.isEmpty || !file.skipped.isEmpty else {
            throw DoableError.invalid("body", "The file holds no tasks to import.")
        }
        return file
    }
}
