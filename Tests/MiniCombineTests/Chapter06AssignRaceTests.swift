import Foundation
import MiniCombine
import Testing

/// Chapter 6's `Assign`, cancelled on one thread while its publisher
/// delivers on another.
@Suite struct Chapter06AssignRaceTests {
    @Test func assignCancelledWhileValuesArriveOnAnotherThread() {
        for _ in 0..<10 {
            var model: LockedModel? = LockedModel()
            let weakModel = WeakReference(model!)
            let assign = Subscribers.Assign(object: model!, keyPath: \.value)
            let upstream = CountingSubscription()
            assign.receive(subscription: upstream)
            let sendingAssign = UncheckedSendable(assign)

            let sender = startThread(named: "sender") {
                for value in 0..<50_000 {
                    _ = sendingAssign.value.receive(value)
                }
            }
            model!.writes.wait(untilAtLeast: Int.random(in: 1...100))
            assign.cancel()
            let writesAtCancel = model!.writes.count

            #expect(sender.wait(seconds: 20), "the sender is stuck")
            #expect(model!.writes.count - writesAtCancel <= 1)
            #expect(upstream.cancels.count == 1)
            model = nil
            #expect(weakModel.object == nil, "assign still holds its object")
        }
    }
}
