// scrollTransition's thresholds (ScrollTransitionConfiguration.Threshold): the progress of a
// view from hidden to the threshold, worked out from the rules the type's comment gives.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@Suite struct ScrollTransitionThresholdTests {
    @Test func thresholdsMeasureTheWayIn() {
        typealias T = ScrollTransitionConfiguration.Threshold
        let area = 0.0...100.0
        // A 20 pt view half in at the top.
        #expect(T.visible.progress(view: -10...10, visible: area) == 0.5)
        #expect(T.visible(0.25).progress(view: -10...10, visible: area) == 1)
        #expect(T.hidden.progress(view: -10...10, visible: area) == 1 && T.hidden.progress(view: -30...(-10), visible: area) == 0)
        // Centred: 1 on the centre, 0 where it leaves (centre 60 pt away for a 20 pt view in 100).
        #expect(T.centered.progress(view: 40...60, visible: area) == 1)
        #expect(T.centered.progress(view: -20...0, visible: area) == 0)
        #expect(T.centered.progress(view: 10...30, visible: area) == 0.5)
        // Inset by 10: the area is 10...90, so a view at 0...20 is half in.
        #expect(T.visible.inset(by: 10).progress(view: 0...20, visible: area) == 0.5)
        #expect(T.visible(0).interpolated(towards: .visible(1), amount: 0.5).progress(view: -10...10, visible: area) == 1)
    }

}
