/// ACC-10: a QR Code (ISO/IEC 18004) for the authenticator app to scan, drawn by the server itself so that no
/// outside service ever sees the secret in it. Byte mode only (UTF-8 text, links), any of the four error correction levels, versions 1 to 40: the
/// smallest version that holds the data is used, and the mask with the lowest penalty unless one is asked for.
public struct QRCode: Sendable {
    /// How much of the symbol may be damaged and still read: about 7, 15, 25 and 30 per cent.
    public enum ErrorCorrection: Int, Sendable, CaseIterable {
        case low, medium, quartile, high
    }

    public static let versions = 1...40
    public static let masks = 0..<8

    public let version: Int
    public let errorCorrection: ErrorCorrection
    public let mask: Int
    /// Modules per side: 21 for version 1, four more for each version after it.
    public var size: Int { QRMatrix.size(ofVersion: version) }
    let darkModules: [Bool]

    /// Nil when the text does not fit in a version 40 symbol at this level.
    public init?(text: String, errorCorrection: ErrorCorrection = .medium, mask: Int? = nil) {
        self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, mask: mask)
    }

    public init?(bytes: [UInt8], errorCorrection: ErrorCorrection = .medium, mask: Int? = nil) {
        precondition(mask.map(Self.masks.contains) ?? true, "QR masks are numbered 0 to 7")
        guard let version = Self.smallestVersion(holding: bytes.count, errorCorrection: errorCorrection) else {
            return nil
        }
        let layout = BlockLayout(version: version, errorCorrection: errorCorrection)
        let data = Self.dataCodewords(for: bytes, version: version, capacity: layout.dataCodewordCount)
        var unmasked = QRMatrix(version: version)
        unmasked.place(layout.interleaved(data))
        var chosen: (mask: Int, matrix: QRMatrix, penalty: Int)?
        for candidate in mask.map({ [$0] }) ?? Array(Self.masks) {
            var matrix = unmasked
            matrix.apply(mask: candidate)
            matrix.drawFormat(errorCorrection: errorCorrection, mask: candidate)
            // With one mask asked for there is nothing to compare, so no penalty is worked out.
            let penalty = mask == nil ? matrix.penalty : 0
            if penalty < chosen?.penalty ?? .max { chosen = (candidate, matrix, penalty) }
        }
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosen!.mask
        darkModules = chosen!.matrix.isDark
    }

    /// The modules row by row, top to bottom; `true` is dark. The quiet zone around the symbol is not included.
    public var modules: [[Bool]] {
        (0..<size).map { y in Array(darkModules[(y * size)..<((y + 1) * size)]) }
    }

    public func isDark(x: Int, y: Int) -> Bool { darkModules[y * size + x] }
}
