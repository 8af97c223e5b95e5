import DoableCore

/// GAME-2: what makes each species itself — ears, tails, muzzles, wings and horns — around the shared body.
extension CompanionArt {
    /// The right half drawn as the mirror of the left (`element` is drawn on the left, x < 100).
    static func mirrored(_ element: String) -> String {
        element + ##"<g transform="matrix(-1 0 0 1 200 0)">"## + element + "</g>"
    }

    /// A tail or limb drawn as a thick stroke with an outline: the outline colour under a narrower coat colour.
    static func outlinedStroke(_ d: String, width: Double, _ palette: CompanionPalette) -> String {
        "<path d=\"\(d)\" fill=\"none\" stroke=\"\(palette.dark)\" stroke-width=\"\(number(width + 6))\" "
            + "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
            + "<path d=\"\(d)\" fill=\"none\" stroke=\"\(palette.base)\" stroke-width=\"\(number(width))\" "
            + "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    }

    static func coat(_ palette: CompanionPalette, width: Double = 3) -> String {
        "fill=\"\(palette.base)\" stroke=\"\(palette.dark)\" stroke-width=\"\(number(width))\" stroke-linejoin=\"round\""
    }

    /// Tails and wings, behind the body.
    static func behind(_ species: Companion.Species, _ p: CompanionPalette) -> String {
        switch species {
        case .cat:
            return outlinedStroke("M130 170 Q170 174 166 142 Q163 120 178 108", width: 9, p)
        case .dog:
            return outlinedStroke("M132 164 Q160 158 162 130", width: 11, p)
        case .fox:
            return "<path d=\"M124 172 Q178 184 184 136 Q188 106 164 90 Q172 128 152 146 Q140 156 124 152 Z\" "
                + "\(coat(p))/><path d=\"M164 90 Q188 106 184 132 Q176 120 168 117 Q172 104 164 90 Z\" "
                + "fill=\"\(p.belly)\" stroke=\"\(p.dark)\" stroke-width=\"3\" stroke-linejoin=\"round\"/>"
        case .owl:
            return "<path d=\"M84 174 L88 194 L100 184 L112 194 L116 174 Z\" fill=\"\(p.dark)\" stroke=\"\(p.dark)\" "
                + "stroke-width=\"2\" stroke-linejoin=\"round\"/>"
        case .bunny:
            return "<circle cx=\"60\" cy=\"170\" r=\"10\" fill=\"\(p.belly)\" stroke=\"\(p.dark)\" stroke-width=\"3\"/>"
        case .dragon:
            let wing =
                "<path d=\"M74 128 Q46 86 18 96 Q30 104 26 116 Q38 112 42 124 Q52 120 56 134 Q64 130 74 140 Z\" "
                + "\(coat(p))/><path d=\"M73 130 L26 100 M70 135 L42 122\" stroke=\"\(p.dark)\" stroke-width=\"2\" "
                + "stroke-linecap=\"round\" opacity=\".55\"/>"
            return mirrored(wing) + outlinedStroke("M128 172 Q162 186 178 170 Q188 160 184 146", width: 9, p)
                + "<path d=\"M183 126 L173 148 Q184 142 195 147 Z\" fill=\"\(p.dark)\" stroke=\"\(p.dark)\" "
                + "stroke-width=\"2\" stroke-linejoin=\"round\"/>"
        }
    }

    static func feet(_ species: Companion.Species, _ p: CompanionPalette) -> String {
        guard species != .owl else {
            let toes = [78.0, 85, 92].map { x in
                "<ellipse cx=\"\(number(x))\" cy=\"184\" rx=\"3.5\" ry=\"6\" fill=\"#f59e0b\" stroke=\"#b45309\" "
                    + "stroke-width=\"1.5\"/>"
            }.joined()
            return mirrored(toes)
        }
        return mirrored("<ellipse cx=\"82\" cy=\"182\" rx=\"14\" ry=\"8\" \(coat(p))/>")
    }

    static func body(_ species: Companion.Species, _ p: CompanionPalette) -> String {
        var parts = "<ellipse cx=\"100\" cy=\"148\" rx=\"38\" ry=\"36\" \(coat(p))/>"
        switch species {
        case .owl:
            parts +=
                "<ellipse cx=\"100\" cy=\"154\" rx=\"27\" ry=\"27\" fill=\"\(p.belly)\"/>"
                + "<path d=\"M85 142 q5 5 10 0 q5 5 10 0 q5 5 10 0 M80 154 q5 5 10 0 q5 5 10 0 q5 5 10 0 q5 5 10 0 "
                + "M85 166 q5 5 10 0 q5 5 10 0 q5 5 10 0\" fill=\"none\" stroke=\"\(p.dark)\" stroke-width=\"1.8\" "
                + "stroke-linecap=\"round\" opacity=\".5\"/>"
        case .dragon:
            parts +=
                "<ellipse cx=\"100\" cy=\"156\" rx=\"24\" ry=\"25\" fill=\"\(p.belly)\"/>"
                + "<path d=\"M80 146 Q100 152 120 146 M78 158 Q100 164 122 158 M83 170 Q100 175 117 170\" fill=\"none\" "
                + "stroke=\"\(p.dark)\" stroke-width=\"2\" stroke-linecap=\"round\" opacity=\".35\"/>"
        case .cat, .dog, .fox, .bunny:
            parts += "<ellipse cx=\"100\" cy=\"157\" rx=\"24\" ry=\"24\" fill=\"\(p.belly)\"/>"
        }
        return parts
    }

    static func arms(_ species: Companion.Species, _ p: CompanionPalette) -> String {
        guard species != .owl else {
            return mirrored(
                "<ellipse cx=\"64\" cy=\"148\" rx=\"11\" ry=\"23\" fill=\"\(p.dark)\" stroke=\"\(p.dark)\" "
                    + "stroke-width=\"2\" transform=\"rotate(18 64 148)\"/><path d=\"M60 142 q4 5 8 2 M58 152 q4 5 8 2\" "
                    + "fill=\"none\" stroke=\"\(p.belly)\" stroke-width=\"1.5\" stroke-linecap=\"round\" opacity=\".6\"/>")
        }
        return mirrored("<ellipse cx=\"64\" cy=\"146\" rx=\"10\" ry=\"16\" \(coat(p)) transform=\"rotate(25 64 146)\"/>")
    }

    /// A paw over clothes (the left, x 59) or over a held thing (the right, x 141), so that it seems to grip.
    static func pawTip(x: Double, _ species: Companion.Species, _ p: CompanionPalette) -> String {
        let fill = species == .owl ? p.dark : p.base
        return "<circle cx=\"\(number(x))\" cy=\"157\" r=\"7.5\" fill=\"\(fill)\" stroke=\"\(p.dark)\" "
            + "stroke-width=\"3\"/>"
    }

    /// Ears, tufts and horns: drawn before the head, which covers their base.
    static func ears(_ species: Companion.Species, _ p: CompanionPalette) -> String {
        switch species {
        case .cat:
            return mirrored(
                "<path d=\"M62 64 L64 22 L96 42 Z\" \(coat(p))/>"
                    + "<path d=\"M67.5 48 L67 29 L86 41 Z\" fill=\"\(CompanionPalette.pink)\"/>")
        case .fox:
            return mirrored(
                "<path d=\"M62 84 L40 104 L70 108 Z\" \(coat(p))/>"
                    + "<path d=\"M60 66 L60 12 L98 42 Z\" \(coat(p))/>"
                    + "<path d=\"M67 55 L66 29 L86 45 Z\" fill=\"\(p.belly)\"/>"
                    + "<path d=\"M60 12 L60 27 L72 21 Z\" fill=\"\(p.dark)\" stroke=\"\(p.dark)\" stroke-width=\"3\" "
                    + "stroke-linejoin=\"round\"/>")
        case .bunny:
            return "<ellipse cx=\"80\" cy=\"30\" rx=\"11\" ry=\"28\" \(coat(p)) transform=\"rotate(-12 80 30)\"/>"
                + "<ellipse cx=\"80\" cy=\"33\" rx=\"5\" ry=\"19\" fill=\"\(CompanionPalette.pink)\" "
                + "transform=\"rotate(-12 80 30)\"/>"
                + "<ellipse cx=\"122\" cy=\"32\" rx=\"11\" ry=\"28\" \(coat(p)) transform=\"rotate(18 122 32)\"/>"
                + "<ellipse cx=\"122\" cy=\"35\" rx=\"5\" ry=\"19\" fill=\"\(CompanionPalette.pink)\" "
                + "transform=\"rotate(18 122 32)\"/>"
        case .owl:
            return mirrored(
                "<path d=\"M64 54 L52 20 L66 32 L70 16 L90 42 Z\" fill=\"\(p.dark)\" stroke=\"\(p.dark)\" "
                    + "stroke-width=\"3\" stroke-linejoin=\"round\"/>")
        case .dragon:
            return mirrored(
                "<path d=\"M76 44 Q67 24 74 8 Q82 28 91 38 Z\" fill=\"#fef3c7\" stroke=\"#b45309\" "
                    + "stroke-width=\"2.5\" stroke-linejoin=\"round\"/>"
                    + "<path d=\"M59 74 Q38 58 34 70 Q40 82 60 84 Z\" fill=\"\(p.dark)\" stroke=\"\(p.dark)\" "
                    + "stroke-width=\"2\" stroke-linejoin=\"round\"/>")
                + "<path d=\"M90 38 L100 22 L110 38 Z\" fill=\"\(p.dark)\" stroke=\"\(p.dark)\" stroke-width=\"2\" "
                + "stroke-linejoin=\"round\"/>"
        case .dog:
            return ""
        }
    }

    /// The head, with what lies on it: muzzles, masks, facial discs, floppy ears, markings.
    static func head(_ species: Companion.Species, _ p: CompanionPalette, level: Int) -> String {
        var parts = "<circle cx=\"100\" cy=\"78\" r=\"44\" \(coat(p))/>"
        switch species {
        case .cat:
            if level < 50 {
                parts +=
                    "<path d=\"M90 40 L93 50 M100 37 V49 M110 40 L107 50\" stroke=\"\(p.dark)\" "
                    + "stroke-width=\"3\" stroke-linecap=\"round\" opacity=\".45\"/>"
            }
            parts += mirrored("<ellipse cx=\"93\" cy=\"100\" rx=\"9\" ry=\"7\" fill=\"\(p.belly)\"/>")
        case .dog:
            parts +=
                "<ellipse cx=\"117\" cy=\"79\" rx=\"14\" ry=\"13\" fill=\"\(p.dark)\" opacity=\".3\"/>"
                + "<ellipse cx=\"100\" cy=\"101\" rx=\"19\" ry=\"14\" fill=\"\(p.belly)\"/>"
                + mirrored(
                    "<path d=\"M66 42 Q42 46 44 80 Q46 102 64 98 Q72 80 78 52 Z\" fill=\"\(p.dark)\" "
                        + "stroke=\"\(p.dark)\" stroke-width=\"2\" stroke-linejoin=\"round\"/>")
        case .fox:
            parts +=
                "<path d=\"M57 88 Q80 84 100 98 Q120 84 143 88 Q136 120 100 122 Q64 120 57 88 Z\" "
                + "fill=\"\(p.belly)\"/>"
        case .owl:
            parts +=
                mirrored("<circle cx=\"84\" cy=\"82\" r=\"18\" fill=\"\(p.belly)\"/>")
                + "<path d=\"M64 66 Q84 58 100 72 Q116 58 136 66\" fill=\"none\" stroke=\"\(p.dark)\" "
                + "stroke-width=\"3\" stroke-linecap=\"round\"/>"
        case .bunny:
            parts += mirrored("<ellipse cx=\"94\" cy=\"100\" rx=\"8\" ry=\"6.5\" fill=\"\(p.belly)\"/>")
        case .dragon:
            parts += "<ellipse cx=\"100\" cy=\"102\" rx=\"22\" ry=\"14\" fill=\"\(p.belly)\"/>"
        }
        return parts
    }
}
