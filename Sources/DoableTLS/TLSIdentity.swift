import Foundation
public import NIOSSL

/// OPS-5: the certificate chain (leaf first) and private key the server presents, read from PEM files and checked
/// before anything listens: each file readable and PEM, the key the leaf's own.
public struct TLSIdentity: Sendable {
    public let certificateChain: [NIOSSLCertificate]
    public let privateKey: NIOSSLPrivateKey

    /// The leaf's serial number in hex, for the log: which certificate is being served.
    public var serialNumber: String {
        certificateChain[0].serialNumber.map { String(format: "%02x", $0) }.joined()
    }

    /// When the leaf expires (seconds since 1970).
    public var notValidAfter: Int { Int(certificateChain[0].notValidAfter) }

    public static func load(certificateFile: String, keyFile: String) throws(TLSIdentityError) -> TLSIdentity {
        let certificatePEM = try contents(of: certificateFile)
        let keyPEM = try contents(of: keyFile)
        guard certificatePEM.contains("-----BEGIN CERTIFICATE-----") else {
            throw .noCertificate(file: certificateFile)
        }
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(Array(certificatePEM.utf8))
        } catch {
            throw .badCertificate(file: certificateFile)
        }
        guard !chain.isEmpty else { throw .noCertificate(file: certificateFile) }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)  // an encrypted key fails here
        } catch {
            throw .badKey(file: keyFile)
        }
        let identity = TLSIdentity(certificateChain: chain, privateKey: key)
        do {
            // BoringSSL checks that the key belongs to the leaf when both are set on a context.
            _ = try NIOSSLContext(configuration: identity.serverConfiguration)
        } catch {
            throw .keyMismatch(certificateFile: certificateFile, keyFile: keyFile)
        }
        return identity
    }

    /// A server configuration presenting this identity.
    public var serverConfiguration: TLSConfiguration {
        .makeServerConfiguration(certificateChain: certificateChain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    }

    /// The file as text; a file that cannot be opened is refused with the system's reason (`No such file or
    /// directory`, `Permission denied`), which Foundation's own errors leave out on Linux.
    private static func contents(of file: String) throws(TLSIdentityError) -> String {
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(file: file, reason: String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw .unreadable(file: file, reason: (error as NSError).localizedDescription)
        }
        return String(decoding: data, as: UTF8.self)  // not PEM if it is not text: the checks above say so
    }
}
