public import HummingbirdCore
import DoableCore
import Foundation
import HTTPTypes
import Hummingbird

extension Request {
    /// `scheme://host[:port]` as the client reached this server, for links it will use elsewhere (feed URLs, the
    /// CalDAV address). Behind a reverse proxy named by `--trusted-proxy` the proxy's `X-Forwarded-Proto` and
    /// `X-Forwarded-Host` say it; from anyone else those headers are ignored, as `X-Forwarded-For` is. A host that is
    /// not a plain host name or address becomes `localhost`.
    public func publicOrigin(trustedProxies: TrustedProxies, peer: String, cameOverTLS: Bool) -> String {
        var host = head.authority ?? ""
        if let address = IPAddress(peer), trustedProxies.isTrusted(address), let forwarded = firstValue(.xForwardedHost) {
            host = forwarded
        }
        let scheme = isHTTPS(trustedProxies: trustedProxies, peer: peer, cameOverTLS: cameOverTLS) ? "https" : "http"
        return "\(scheme)://\(Self.isPlainHost(host) ? host : "localhost")"
    }

    /// Whether the browser reached Doable over HTTPS (cookies are then `Secure`): as a trusted proxy's
    /// `X-Forwarded-Proto` says, or else whether the connection itself speaks TLS (OPS-5, `--tls-cert`).
    public func isHTTPS(trustedProxies: TrustedProxies, peer: String, cameOverTLS: Bool) -> Bool {
        if let address = IPAddress(peer), trustedProxies.isTrusted(address),
            let proto = firstValue(.xForwardedProto)?.lowercased(), proto == "https" || proto == "http"
        {
            return proto == "https"
        }
        return cameOverTLS
    }

    /// The first of a header's comma-separated values (each proxy appends its own after the client's).
    private func firstValue(_ name: HTTPField.Name) -> String? {
        guard let value = headers[name]?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        return value
    }

    /// Letters, digits, dots, dashes, a port, or a bracketed IPv6 address: nothing that could end the URL early.
    static func isPlainHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 255
            && host.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || ".-:[]".unicodeScalars.contains(scalar))
            }
    }
}
