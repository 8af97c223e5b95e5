/// A public memberwise initialiser, written by the compiler: one parameter per stored property, in order, with the
/// property's initial value as its default (and `nil` for an optional `var` without one), as Swift's own memberwise
/// initialiser does — but public, so that a type other modules build (the API contract's answers, the core's
/// records) need not repeat its property list by hand.
@attached(member, names: named(init))
public macro PublicInit() = #externalMacro(module: "PublicInitMacros", type: "PublicInitMacro")

/// `Encodable` that writes every stored property under its own name, an empty optional as JSON `null` (as the API
/// answers do, where the synthesized encoding would leave the key out): `encode(to:)`, and
/// `encodeFields(into:)` for an answer that adds keys of its own. The type declares `ContractKey` in scope.
@attached(member, names: named(encode), named(encodeFields))
public macro EncodesEveryField() = #externalMacro(module: "PublicInitMacros", type: "EncodesEveryFieldMacro")
