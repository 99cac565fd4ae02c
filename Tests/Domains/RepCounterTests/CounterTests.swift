import Testing
import Lockstep
@testable import RepCounter
