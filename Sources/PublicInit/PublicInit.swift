/// A public memberwise initialiser, written by the compiler: one parameter per stored property, in order, with the
/// property's initial value as its default (and `nil` for an optional `var` without one), as Swift's own memberwise
/// initialiser does — but public, so that a type other modules build (the API contract's answers, the core's
/// records) need not repeat its property list by hand.
@attached(member, names: named(init))
public macro PublicInit() = #externalMacro(module: "PublicInitMacros", type: "PublicInitMacro")
