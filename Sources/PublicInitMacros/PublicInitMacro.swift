import SwiftCompilerPlugin
import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@PublicInit`: see the macro's declaration in the `PublicInit` target.
public struct PublicInitMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var parameters: [String] = []
        var assignments: [String] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !isStatic(variable) else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in variable.bindings where isStored(binding) {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                if isLet && binding.initializer != nil { continue }
                guard let type = binding.typeAnnotation?.type.trimmed else {
                    context.diagnose(
                        Diagnostic(
                            node: Syntax(binding),
                            message: PublicInitMessage("@PublicInit needs the type of every stored property written out")))
                    return []
                }
                let name = pattern.identifier.trimmed.text
                var parameter = "\(name): \(type.is(FunctionTypeSyntax.self) ? "@escaping " : "")\(type)"
                if let value = binding.initializer?.value.trimmed {
                    parameter += " = \(value)"
                } else if !isLet && isOptional(type) {
                    parameter += " = nil"
                }
                parameters.append(parameter)
                assignments.append("self.\(name) = \(name)")
            }
        }
        let initialiser: DeclSyntax = """
            public init(\(raw: parameters.joined(separator: ", "))) {
            \(raw: assignments.joined(separator: "\n"))
            }
            """
        return [initialiser]
    }

    static func isStatic(_ variable: VariableDeclSyntax) -> Bool {
        variable.modifiers.contains { [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind) }
    }

    /// Stored: no accessors, or only observers.
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: return true
        case .getter: return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
            }
        }
    }

    private static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        return type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }
}

struct PublicInitMessage: DiagnosticMessage {
    let message: String
    var diagnosticID: MessageID { MessageID(domain: "PublicInit", id: "untyped") }
    var severity: DiagnosticSeverity { .error }
    init(_ message: String) { self.message = message }
}

/// `@EncodesEveryField`: see the macro's declaration in the `PublicInit` target.
public struct EncodesEveryFieldMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var lines: [String] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !PublicInitMacro.isStatic(variable) else {
                continue
            }
            for binding in variable.bindings where PublicInitMacro.isStored(binding) {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let name = pattern.identifier.trimmed.text
                lines.append("try container.encode(\(name), forKey: \"\(name)\")")
            }
        }
        return [
            """
            public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ContractKey.self)
            try encodeFields(into: &container)
            }
            """,
            """
            public func encodeFields(into container: inout KeyedEncodingContainer<ContractKey>) throws {
            \(raw: lines.joined(separator: "\n"))
            }
            """,
        ]
    }
}

@main
struct PublicInitPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PublicInitMacro.self, EncodesEveryFieldMacro.self]
}
