@testable import DoableCore
import Foundation
import Testing

/// Issue 27, finding 5: photos lose their GPS position and camera details, keep their picture and orientation.
/// The fixtures are real files written by Pillow (Fixtures/photos/make_photos.py) with EXIF GPS at the Eiffel
/// Tower, orientation 6, a camera model, a comment, text chunks and XMP.
@Suite("Photo metadata")
struct ImageMetadataTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/photos/\(name)")
        return Array(try Data(contentsOf: url))
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<$0 + needle.count]) == needle }
    }

    static let leaks = ["PhoneMaker", "Phone 12", "taken at home", "48.858369", "xmpmeta", "Location"]

    @Test(arguments: ["gps.jpg", "gps.png", "gps.webp"])
    func TASK11_photosLoseTheirPositionAndCameraButKeepTheirOrientation(name: String) throws {
        let original = try Self.fixture(name)
        let kind = try #require(ImageKind(sniffing: original))
        #expect(Self.leaks.contains { Self.contains(original, $0) }, "the fixture carries metadata")
        let stripped = ImageMetadata.stripped(original, kind: kind)
        for leak in Self.leaks { #expect(!Self.contains(stripped, leak), "\(name) still holds \(leak)") }
        #expect(ImageKind(sniffing: stripped) == kind)
        #expect(stripped.count < original.count)
        #expect(ImageMetadata.stripped(stripped, kind: kind) == stripped, "stripping twice changes nothing more")
        // What is left of EXIF is one entry, the orientation: no GPS pointer, no camera.
        let tiff = try #require(Self.exif(stripped, kind: kind))
        #expect(ImageMetadata.readUInt16(tiff, at: 8, bigEndian: tiff[0] == 0x4D) == 1)
        #expect(ImageMetadata.tiffOrientation(tiff) == 6)
    }

    @Test func TASK11_aJPEGKeepsItsImageDataByteForByte() throws {
        let original = try Self.fixture("gps.jpg")
        let stripped = ImageMetadata.stripped(original, kind: .jpeg)
        let scan = try #require(Self.startOfScan(original))
        let strippedScan = try #require(Self.startOfScan(stripped))
        #expect(Array(original[scan...]) == Array(stripped[strippedScan...]))
        let plain = try Self.fixture("plain.jpg")
        #expect(ImageMetadata.stripped(plain, kind: .jpeg) == plain, "a photo without metadata is kept as it is")
    }

    @Test func TASK11_aPNGKeepsItsChunksOfImageData() throws {
        let original = try Self.fixture("gps.png")
        let stripped = ImageMetadata.stripped(original, kind: .png)
        #expect(
            Self.pngChunks(stripped).filter { $0.type == "IDAT" }.map(\.bytes)
                == Self.pngChunks(original).filter { $0.type == "IDAT" }.map(\.bytes))
        #expect(Self.pngChunks(stripped).map(\.type).allSatisfy { !["tEXt", "iTXt", "zTXt"].contains($0) })
    }

    @Test func TASK11_aWebPKeepsItsBitstreamAndAValidHeader() throws {
        let original = try Self.fixture("gps.webp")
        let stripped = ImageMetadata.stripped(original, kind: .webp)
        let size = Int(ImageMetadata.readUInt32(stripped, at: 4, bigEndian: false))
        #expect(size + 8 == stripped.count, "the RIFF size is the file's")
        #expect(Self.contains(stripped, "VP8"))
        #expect(!Self.contains(stripped, "XMP "))
    }

    @Test func TASK11_truncatedOrOddFilesAreLeftAlone() throws {
        let original = try Self.fixture("gps.jpg")
        let truncated = Array(original.prefix(40))
        #expect(ImageMetadata.stripped(truncated, kind: .jpeg) == truncated)
        let gif = Array("GIF89a".utf8) + [0, 0]
        #expect(ImageMetadata.stripped(gif, kind: .gif) == gif)
    }

    static func startOfScan(_ bytes: [UInt8]) -> Int? {
        var index = 2
        while index + 4 <= bytes.count {
            if bytes[index + 1] == 0xDA { return index }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        return nil
    }

    static func pngChunks(_ bytes: [UInt8]) -> [(type: String, bytes: [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var index = 8
        while index + 12 <= bytes.count {
            let length = Int(ImageMetadata.readUInt32(bytes, at: index, bigEndian: true))
            chunks.append(
                (
                    String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self),
                    Array(bytes[index..<(index + 12 + length)])
                ))
            index += 12 + length
        }
        return chunks
    }

    /// The TIFF structure of what is left of the file's EXIF.
    static func exif(_ bytes: [UInt8], kind: ImageKind) -> [UInt8]? {
        let prefix = Array("Exif\u{0}\u{0}".utf8)
        switch kind {
        case .png:
            return pngChunks(bytes).first { $0.type == "eXIf" }.map { Array($0.bytes[8..<($0.bytes.count - 4)]) }
        case .webp:
            var index = 12
            while index + 8 <= bytes.count {
                let size = Int(ImageMetadata.readUInt32(bytes, at: index + 4, bigEndian: false))
                if String(decoding: bytes[index..<index + 4], as: UTF8.self) == "EXIF" {
                    let payload = Array(bytes[(index + 8)..<(index + 8 + size)])
                    return payload.starts(with: prefix) ? Array(payload.dropFirst(6)) : payload
                }
                index += 8 + size + (size & 1)
            }
            return nil
        default:
            var index = 2
            while index + 4 <= bytes.count, bytes[index + 1] != 0xDA {
                let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                let payload = Array(bytes[(index + 4)..<(index + 2 + length)])
                if bytes[index + 1] == 0xE1, payload.starts(with: prefix) { return Array(payload.dropFirst(6)) }
                index += 2 + length
            }
            return nil
        }
    }
}
