import Testing
@testable import Transcription
