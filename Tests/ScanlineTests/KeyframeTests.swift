import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #17, point 6: KeyframeTimeline, worked by hand from the rules in KeyframeTimeline.swift
// (Apple's keyframe pages; non-uniform Catmull-Rom tangents for cubic keyframes).

struct Pose: Equatable { var x = 0.0, y = 0.0, scale = 1.0 }

@Suite struct KeyframeTimelineTests {
    @Test func linearAndMove() {
        let t = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                LinearKeyframe(10.0, duration: 1)
                LinearKeyframe(0.0, duration: 2, timingCurve: .easeIn)
            }
        }
        #expect(t.duration == 3)
        #expect(t.value(time: 0.5) == 5)
        #expect(abs(t.value(time: 2) - (10 - 10 * UnitCurve.easeIn.value(at: 0.5))) < 1e-12)
        #expect(t.value(time: -1) == 0 && t.value(time: 9) == 0)     // held at the ends
        #expect(t.value(progress: 0.5) == t.value(time: 1.5))
        let m = KeyframeTimeline(initialValue: 0.0) { KeyframeTrack { MoveKeyframe(5.0); LinearKeyframe(15.0, duration: 1) } }
        #expect(m.value(time: 0) == 5 && m.value(time: 0.5) == 10)
    }

    @Test func threeCubicKeyframes() {
        // 0 → 10 (1 s) → 20 (1 s) → 0 (2 s). Velocities: 0 at the start; (20 − 0)/(1 + 1) = 10
        // at 10; (0 − 10)/(1 + 2) = −10/3 at 20; 0 at the end. Hermite at u = ½: h00 = h01 = ½,
        // h10 = ⅛, h11 = −⅛ (tangents are velocity × duration).
        let t = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                CubicKeyframe(10.0, duration: 1)
                CubicKeyframe(20.0, duration: 1)
                CubicKeyframe(0.0, duration: 2)
            }
        }
        #expect(abs(t.value(time: 0.5) - (10 * 0.5 - 10 * 0.125)) < 1e-12)                      // 3.75
        #expect(abs(t.value(time: 1.5) - (10 * 0.5 + 10 * 0.125 + 20 * 0.5 + (10.0 / 3) * 0.125)) < 1e-12)
        #expect(abs(t.value(time: 3) - (20 * 0.5 - (10.0 / 3) * 0.125 * 2)) < 1e-12)
        #expect(t.value(time: 1) == 10 && t.value(time: 2) == 20 && t.value(time: 4) == 0)
        // Explicit velocities win.
        let e = KeyframeTimeline(initialValue: 0.0) { KeyframeTrack { CubicKeyframe(10.0, duration: 1, startVelocity: 4, endVelocity: 2) } }
        #expect(abs(e.value(time: 0.5) - (4 * 0.125 + 10 * 0.5 - 2 * 0.125)) < 1e-12)
    }

    @Test func aSpringKeyframeBetweenTwoOthers() {
        // The spring starts where the linear ends (10) with its velocity (10 per second), runs for
        // its 0.5 s, and the next linear starts wherever the spring then is.
        let spring = Spring(duration: 0.5, bounce: 0.2)
        let t = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                LinearKeyframe(10.0, duration: 1)
                SpringKeyframe(20.0, duration: 0.5, spring: spring)
                LinearKeyframe(0.0, duration: 1)
            }
        }
        #expect(abs(t.value(time: 1.25) - (10 + spring.value(target: 10.0, initialVelocity: 10.0, time: 0.25))) < 1e-9)
        let end = 10 + spring.value(target: 10.0, initialVelocity: 10.0, time: 0.5)
        #expect(abs(t.value(time: 2) - end * 0.5) < 1e-9)
        #expect(t.duration == 2.5)
        // Without a duration it lasts the spring's settling time.
        let s = KeyframeTimeline(initialValue: 0.0) { KeyframeTrack { SpringKeyframe(1.0, spring: .smooth) } }
        #expect(abs(s.duration - Spring.smooth.settlingDuration(target: 1.0, epsilon: 0.001)) < 1e-12)
    }

    @Test func tracksOverPropertiesRunSideBySide() {
        let t = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\Pose.x) { LinearKeyframe(100.0, duration: 2) }
            KeyframeTrack(\Pose.scale) { LinearKeyframe(2.0, duration: 1) }
            KeyframeTrack(\Pose.x) { LinearKeyframe(-100.0, duration: 1) }   // declared last: wins
        }
        #expect(t.duration == 2)
        let v = t.value(time: 0.5)
        #expect(v.x == -50 && v.scale == 1.5 && v.y == 0)
    }

    @Test func badInputDoesNotCrash() {
        // Zero and negative durations jump; an empty track holds; NaN flows through as NaN.
        let t = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack { LinearKeyframe(5.0, duration: 0); LinearKeyframe(7.0, duration: -3); CubicKeyframe(1.0, duration: .nan) }
        }
        #expect(t.duration == 0 && t.value(time: 0) == 1)
        let empty = KeyframeTimeline(initialValue: 3.0) { KeyframeTrack(\Double.self) { } }
        #expect(empty.value(time: 1) == 3 && empty.duration == 0)
        let nan = KeyframeTimeline(initialValue: 0.0) { KeyframeTrack { LinearKeyframe(Double.nan, duration: 1) } }
        #expect(nan.value(time: 0.5).isNaN)
        #expect(KeyframeTimeline(initialValue: 0.0) { KeyframeTrack { LinearKeyframe(1.0, duration: 1) } }.value(time: .nan) == 0)
    }
}
