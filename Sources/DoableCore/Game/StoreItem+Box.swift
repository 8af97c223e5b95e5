/// GAME-3: where a store item's drawing goes. Each drawing is an `SVGFragment` in its slot's 100×100 box,
/// translated (never scaled) to `Slot.boxOrigin`:
///
/// Worn slots, in the companion's 200×200 frame (head circle at (100, 78) radius 44, body ellipse at (100, 148)
/// 38×36, right paw at (140, 156)). In box coordinates:
/// - `head` at (50, 0): the head's centre is (50, 78), its top (50, 34); a hat's brim sits at y ≈ 40–46.
/// - `eyes` at (50, 32): the eyes are at (34, 50) and (66, 50).
/// - `neck` at (50, 80): the chin line runs from (26, 36) through (50, 42) to (74, 36); a collar hangs just below.
/// - `body` at (50, 100): the torso's centre is (50, 48), 38×36; the arms are around (13, 46) and (87, 46).
/// - `held` at (108, 92): the paw grips at (32, 64); keep drawings within x ≤ 90 (the frame's edge).
///
/// Home slots, in the 400×260 home scene (wall above y 176, floor below; the companion stands in the middle,
/// x 140–260). In box coordinates:
/// - `floorLeft` at (18, 148) and `floorRight` at (282, 148): things stand on y ≈ 92.
/// - `wall` at (28, 16): hangs within y 0–80.  `shelf` at (272, 8): the shelf's top is y 92.
/// - `rug` at (150, 136): lies around (50, 46), at most 96×32, under the companion's feet.
///
/// The first catalogue's gradient ids start with `i1NN-` (the item's number), so that two drawings on one page never
/// share one.
extension StoreItem.Slot {
    /// Where the slot's 100×100 box is placed: in the companion's 200×200 frame for worn slots, in the 400×260 home
    /// scene for the others (see above).
    public var boxOrigin: (x: Int, y: Int) {
        switch self {
        case .head: (50, 0)
        case .eyes: (50, 32)
        case .neck: (50, 80)
        case .body: (50, 100)
        case .held: (108, 92)
        case .floorLeft: (18, 148)
        case .floorRight: (282, 148)
        case .wall: (28, 16)
        case .rug: (150, 136)
        case .shelf: (272, 8)
        }
    }
}
