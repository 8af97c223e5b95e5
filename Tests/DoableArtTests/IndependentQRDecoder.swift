import DoableArt
import Foundation

/// zxing-cpp, a decoder that shares nothing with the encoder, reading symbols back. Each symbol is written as a PGM
/// image (a pixel per module, the four-module quiet zone around it) and one Python process reads them all. The
/// decoder comes from the repository's `.venv`, where scripts/install-test-deps.sh puts it.
enum IndependentQRDecoder {
    /// What the decoder read: the payload's bytes in hex, and the version, level and mask it saw.
    struct Reading: Decodable, Equatable, CustomStringConvertible {
        let hex: String
        let version: String
        let level: String
        let mask: Int

        var description: String { "version \(version) \(level) mask \(mask): \(hex)" }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".venv/bin/python")

    /// The readings of each symbol by name; an empty list where the decoder found no QR code.
    static func read(_ symbols: [String: QRCode]) throws -> [String: [Reading]] {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw Failure(description: "no \(python.path): run scripts/install-test-deps.sh")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doable-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, symbol) in symbols { try image(of: symbol).write(to: folder.appendingPathComponent("\(name).pgm")) }

        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script, folder.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "the decoder failed (scripts/install-test-deps.sh installs zxing-cpp): \(complaint)")
        }
        return try JSONDecoder().decode([String: [Reading]].self, from: answer)
    }

    /// A binary PGM: black modules on white, with the quiet zone.
    static func image(of symbol: QRCode) -> Data {
        let quietZone = 4
        let width = symbol.size + 2 * quietZone
        var pixels = [UInt8](repeating: 255, count: width * width)
        for y in 0..<symbol.size {
            for x in 0..<symbol.size where symbol.isDark(x: x, y: y) {
                pixels[(y + quietZone) * width + x + quietZone] = 0
            }
        }
        return Data("P5\n\(width) \(width)\n255\n".utf8) + pixels
    }

    /// Scaled up four times before reading, as a camera would see it.
    private static let script = """
        import json, pathlib, sys
        from PIL import Image
        import zxingcpp

        readings = {}
        for path in pathlib.Path(sys.argv[1]).glob("*.pgm"):
            with Image.open(path) as image:
                large = image.resize((image.width * 4, image.height * 4), Image.Resampling.NEAREST)
            readings[path.stem] = [
                {"hex": found.bytes.hex(), "version": str(found.extra["Version"]), "level": found.extra["ECLevel"],
                 "mask": int(found.extra["DataMask"])}
                for found in zxingcpp.read_barcodes(large, formats=zxingcpp.BarcodeFormat.QRCode)
            ]
        json.dump(readings, sys.stdout)
        """
}
