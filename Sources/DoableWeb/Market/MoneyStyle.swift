import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// MKT-12: amounts as a member reads money: in the server's currency (`--currency`), written the way the language
/// the browser asks for writes it ("€40.00", "40,00 kr"). Bound for each page by `MoneyStyleMiddleware`.
struct MoneyStyle: Sendable {
    var currency: CurrencyCode
    var locale: Locale

    @TaskLocal static var current = MoneyStyle(currency: .euro, locale: Locale(identifier: "en_US"))

    func format(_ money: Money) -> String { currency.formatted(money, locale: locale) }

    /// The first language of an `Accept-Language` header that looks like a language tag; English otherwise.
    static func locale(acceptLanguage: String?) -> Locale {
        let first = acceptLanguage?.split(separator: ",").first?.split(separator: ";").first
        let tag = first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard (2...35).contains(tag.utf8.count), tag != "*",
            tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return Locale(identifier: "en_US") }
        return Locale(identifier: tag.replacingOccurrences(of: "-", with: "_"))
    }
}

extension Money {
    /// The amount in the page's currency and language: "€12.50".
    var shown: String { MoneyStyle.current.format(self) }
}

struct MoneyStyleMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let currency: CurrencyCode

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let style = MoneyStyle(currency: currency, locale: MoneyStyle.locale(acceptLanguage: context.web.acceptLanguage))
        return try await MoneyStyle.$current.withValue(style) { try await next(request, context) }
    }
}
