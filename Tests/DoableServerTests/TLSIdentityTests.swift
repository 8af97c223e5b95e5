import DoableTLS
import Foundation
import Testing

/// OPS-5: what `doable serve --tls-cert FILE --tls-key FILE` refuses before it listens, in one line naming the file,
/// and what a reload (SIGHUP) does with good and bad files.
@Suite struct TLSIdentityTests {
    @Test func OPS5_aCertificateAndItsKeyLoad() async throws {
        let pair = try await SelfSignedCertificate.make()
        defer { pair.remove() }
        let identity = try TLSIdentity.load(certificateFile: pair.cert, keyFile: pair.key)
        #expect(identity.certificateChain.count == 1)
        #expect(!identity.serialNumber.isEmpty)
    }

    @Test func OPS5_badFilesAreRefusedNamingTheFileAndTheProblem() async throws {
        let pair = try await SelfSignedCertificate.make()
        let other = try await SelfSignedCertificate.make()
        defer {
            pair.remove()
            other.remove()
        }
        let missing = pair.directory.appendingPathComponent("missing.pem").path
        let garbage = pair.directory.appendingPathComponent("garbage.pem").path
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: garbage))
        let broken = pair.directory.appendingPathComponent("broken.pem").path
        try Data("-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n".utf8)
            .write(to: URL(fileURLWithPath: broken))

        func refusal(_ certificate: String, _ key: String) -> TLSIdentityError? {
            do {
                _ = try TLSIdentity.load(certificateFile: certificate, keyFile: key)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal(missing, pair.key) == .unreadable(file: missing, reason: "No such file or directory"))
        #expect(refusal(pair.cert, missing) == .unreadable(file: missing, reason: "No such file or directory"))
        #expect(refusal(garbage, pair.key) == .noCertificate(file: garbage))
        #expect(refusal(pair.key, pair.key) == .noCertificate(file: pair.key))
        #expect(refusal(broken, pair.key) == .badCertificate(file: broken))
        #expect(refusal(pair.cert, garbage) == .badKey(file: garbage))
        #expect(refusal(pair.cert, pair.cert) == .badKey(file: pair.cert))
        let mismatch = refusal(pair.cert, other.key)
        #expect(mismatch == .keyMismatch(certificateFile: pair.cert, keyFile: other.key))
        #expect(mismatch?.description == "TLS: the key in \(other.key) does not belong to the certificate in \(pair.cert)")
    }

    @Test func OPS5_aReloadServesTheNewFilesAndABadOneKeepsTheOld() async throws {
        let first = try await SelfSignedCertificate.make()
        let second = try await SelfSignedCertificate.make()
        defer {
            first.remove()
            second.remove()
        }
        let served = first.directory.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let cert = served.appendingPathComponent("cert.pem")
        let key = served.appendingPathComponent("key.pem")
        try FileManager.default.copyItem(atPath: first.cert, toPath: cert.path)
        try FileManager.default.copyItem(atPath: first.key, toPath: key.path)
        let identity = try ReloadableTLSIdentity(certificateFile: cert.path, keyFile: key.path)
        let firstSerial = identity.current.serialNumber

        try Data(contentsOf: URL(fileURLWithPath: second.cert)).write(to: cert)
        #expect(throws: TLSIdentityError.keyMismatch(certificateFile: cert.path, keyFile: key.path)) { try identity.reload() }
        #expect(identity.current.serialNumber == firstSerial)

        try Data(contentsOf: URL(fileURLWithPath: second.key)).write(to: key)
        try identity.reload()
        #expect(identity.current.serialNumber != firstSerial)
        #expect(identity.current.serialNumber == (try TLSIdentity.load(certificateFile: second.cert, keyFile: second.key)).serialNumber)
    }
}
