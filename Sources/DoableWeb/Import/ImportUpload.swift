import DoableCore
import DoableDomain
import Foundation

/// The file of an import form: chosen in the file field (the preview), or carried on in `data` (the commit).
struct ImportUpload {
    var bytes: [UInt8]
    var filename: String
    var format: ImportFormat

    init(form: FormData, files: [MultipartFile]) throws {
        if let file = files.first(where: { $0.fieldName == "file" }) {
            bytes = file.bytes
            filename = file.filename
        } else if let data = form["data"], let decoded = Data(base64Encoded: data) {
            bytes = Array(decoded)
            filename = form["filename"] ?? ""
        } else {
            throw DoableError.invalid("file", "Choose a file to import.")
        }
        guard !bytes.isEmpty else { throw DoableError.invalid("file", "The file is empty.") }
        if let chosen = form.text("format") {
            guard let format = ImportFormat(name: chosen) else {
                throw DoableError.invalid("format", "Choose Todoist, Taskwarrior or iCalendar.")
            }
            self.format = format
        } else if let format = ImportFormat(fileName: filename) ?? ImportFormat(sniffing: bytes) {
            self.format = format
        } else {
            throw DoableError.invalid("format", "Which app is this file from? Choose its format.")
        }
    }
}
