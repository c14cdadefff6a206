import Testing
@testable import GlowKit

@Test func ringTrims() { #expect(Ring(trim: 0.5).trim == 0.5) }
