/// Issue 27, finding 5: a photo is stored without the metadata a camera or phone wrote into it — EXIF (GPS position,
/// device, time), XMP, IPTC, comments and text chunks — keeping its image data byte for byte. Structure-aware per
/// format: JPEG segments, PNG chunks, WebP (RIFF) chunks. The one thing kept from EXIF is the orientation, rewritten
/// as a minimal EXIF block of its own, so that a portrait photo is not shown on its side. Colour profiles (ICC) are
/// kept: they are about the picture, not about the person. GIF carries no camera metadata and is kept as is.
public enum ImageMetadata {
    /// The bytes without metadata; the bytes unchanged when the format's structure cannot be followed (the caller
    /// validated the kind already, and a photo that is not what it says is refused elsewhere).
    public static func stripped(_ bytes: [UInt8], kind: ImageKind) -> [UInt8] {
        switch kind {
        case .jpeg: strippedJPEG(bytes) ?? bytes
        case .png: strippedPNG(bytes) ?? bytes
        case .webp: strippedWebP(bytes) ?? bytes
        case .gif: bytes
        }
    }

    // MARK: JPEG

    static func strippedJPEG(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var kept: [UInt8] = []
        var orientation: UInt16?
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill bytes
            if marker == 0xD9 || (0xD0...0xD7).contains(marker) || marker == 0x01 {  // no length
                kept.append(contentsOf: bytes[index..<index + 2])
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            if marker == 0xDA {  // start of scan: the image data follows to the end
                var out: [UInt8] = [0xFF, 0xD8]
                if let orientation, orientation != 1 { out += jpegOrientationSegment(orientation) }
                return out + kept + bytes[index...]
            }
            let payload = bytes[(index + 4)..<(index + 2 + length)]
            if marker == 0xE1, payload.starts(with: Array("Exif\u{0}\u{0}".utf8)) {
                orientation = orientation ?? tiffOrientation(Array(payload.dropFirst(6)))
            }
            let isICC = marker == 0xE2 && payload.starts(with: Array("ICC_PROFILE\u{0}".utf8))
            let isAdobe = marker == 0xEE  // the colour transform of CMYK JPEGs: needed to decode them
            let isMetadata = (0xE1...0xEF).contains(marker) && !isICC && !isAdobe || marker == 0xFE
            if !isMetadata { kept.append(contentsOf: bytes[index..<index + 2 + length]) }
            index += 2 + length
        }
        return nil
    }

    static func jpegOrientationSegment(_ orientation: UInt16) -> [UInt8] {
        let payload = Array("Exif\u{0}\u{0}".utf8) + minimalTIFF(orientation: orientation)
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    // MARK: PNG

    static let pngMetadataChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]

    static func strippedPNG(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 8 else { return nil }
        var chunks: [(type: String, range: Range<Int>)] = []
        var index = 8
        while index + 12 <= bytes.count {
            let length = Int(readUInt32(bytes, at: index, bigEndian: true))
            guard length <= bytes.count, index + 12 + length <= bytes.count else { return nil }
            let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            chunks.append((type, index..<(index + 12 + length)))
            index += 12 + length
            if type == "IEND" { break }
        }
        guard chunks.last?.type == "IEND" else { return nil }
        let orientation = chunks.first { $0.type == "eXIf" }.flatMap { chunk in
            tiffOrientation(Array(bytes[(chunk.range.lowerBound + 8)..<(chunk.range.upperBound - 4)]))
        }
        var out = Array(bytes[0..<8])
        var wroteOrientation = false
        for chunk in chunks where !pngMetadataChunks.contains(chunk.type) {
            if chunk.type == "IDAT", !wroteOrientation, let orientation, orientation != 1 {
                out += pngChunk("eXIf", minimalTIFF(orientation: orientation))
                wroteOrientation = true
            }
            out += bytes[chunk.range]
        }
        return out
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var chunk = bigEndian32(UInt32(data.count)) + typeBytes + data
        chunk += bigEndian32(crc32(typeBytes + data))
        return chunk
    }

    // MARK: WebP

    static func strippedWebP(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 12 else { return nil }
        var chunks: [[UInt8]] = []
        var index = 12
        var orientation: UInt16?
        var hadMetadata = false
        while index + 8 <= bytes.count {
            let type = String(decoding: bytes[index..<index + 4], as: UTF8.self)
            let size = Int(readUInt32(bytes, at: index + 4, bigEndian: false))
            let padded = size + (size & 1)
            guard index + 8 + size <= bytes.count else { return nil }
            let end = min(bytes.count, index + 8 + padded)
            if type == "EXIF" {
                var exif = Array(bytes[(index + 8)..<(index + 8 + size)])
                if exif.starts(with: Array("Exif\u{0}\u{0}".utf8)) { exif.removeFirst(6) }
                orientation = tiffOrientation(exif)
                hadMetadata = true
            } else if type == "XMP " {
                hadMetadata = true
            } else {
                chunks.append(Array(bytes[index..<end]))
            }
            index = end
        }
        guard hadMetadata else { return bytes }
        if let orientation, orientation != 1, let first = chunks.first, first.starts(with: Array("VP8X".utf8)) {
            var tiff = minimalTIFF(orientation: orientation)
            if tiff.count & 1 == 1 { tiff.append(0) }
            chunks.append(Array("EXIF".utf8) + littleEndian32(UInt32(tiff.count)) + tiff)
        } else {
            orientation = nil
        }
        // VP8X flags: EXIF 0x08, XMP 0x04; clear what is gone.
        if var header = chunks.first, header.starts(with: Array("VP8X".utf8)), header.count > 8 {
            header[8] &= ~UInt8(0x04)
            if orientation == nil || orientation == 1 { header[8] &= ~UInt8(0x08) }
            chunks[0] = header
        }
        let body = Array("WEBP".utf8) + chunks.flatMap { $0 }
        return Array("RIFF".utf8) + littleEndian32(UInt32(body.count)) + body
    }

    // MARK: EXIF (TIFF)

    /// The orientation tag (0x0112) of IFD0 of a TIFF structure, if there is one.
    static func tiffOrientation(_ tiff: [UInt8]) -> UInt16? {
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        let ifd = Int(readUInt32(tiff, at: 4, bigEndian: bigEndian))
        guard ifd + 2 <= tiff.count else { return nil }
        let count = Int(readUInt16(tiff, at: ifd, bigEndian: bigEndian))
        for entry in 0..<count {
            let offset = ifd + 2 + entry * 12
            guard offset + 12 <= tiff.count else { return nil }
            if readUInt16(tiff, at: offset, bigEndian: bigEndian) == 0x0112 {
                let value = readUInt16(tiff, at: offset + 8, bigEndian: bigEndian)
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
    }

    /// A big-endian TIFF structure with one IFD holding only the orientation.
    static func minimalTIFF(orientation: UInt16) -> [UInt8] {
        [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // header, IFD0 at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,
        ]  // no next IFD
    }

    // MARK: Bytes

    static func readUInt16(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt16 {
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    static func readUInt32(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt32 {
        let values = (0..<4).map { UInt32(bytes[offset + $0]) }
        return bigEndian
            ? values[0] << 24 | values[1] << 16 | values[2] << 8 | values[3]
            : values[3] << 24 | values[2] << 16 | values[1] << 8 | values[0]
    }

    static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func littleEndian32(_ value: UInt32) -> [UInt8] { bigEndian32(value).reversed() }

    static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
