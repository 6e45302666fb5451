import DepsCore
import DepsCocoaPods
import DepsFiles
import Foundation
import XCTest
import DepsPresenters

/// Real Podfiles from public projects (Tests/Fixtures/CocoaPods, whose README names their origin), read
/// whole: sources, platform, the union of dependencies, the per-target listing, the warnings.
final class PodfileReaderFixtureTests: XCTestCase {
    static func fixture(_ project: String) throws -> [UInt8] {
        try CocoaPodsFixtures.podfile(project)
    }

    /// The reading as text: what the import makes of it, one fact a line.
    static func summary(_ reading: PodfileReading) -> String {
        var lines = ["sources:" + reading.podfile.manifestSources.map { " \($0)" }.joined(separator: ",")]
        lines.append("platform: \(reading.podfile.platform.map(\.description) ?? "none")")
        for dependency in reading.podfile.dependencies().dependencies {
            var text = "pod \(dependency.name)"
            if !dependency.requirement.isAny { text += " (\(dependency.requirement))" }
            switch dependency.externalSource {
            case let .git(url, reference, submodules)?:
                text += " git \(url)" + (reference.map { " \($0)" } ?? "") + (submodules ? " submodules" : "")
            case let .path(path)?: text += " path \(path)"
            case let .podspec(path)?: text += " podspec \(path)"
            case let .download(kind, location)?: text += " \(kind) \(location)"
            case nil: break
            }
            lines.append(text)
        }
        for listing in reading.podfile.targetListing {
            lines.append("target \(listing.target):" + listing.pods.map { " \($0)" }.joined(separator: ","))
        }
        lines += PodfileWording.warningLines(reading.warnings, file: reading.fileName)
        return lines.joined(separator: "\n")
    }

    func read(_ name: String) throws -> String {
        Self.summary(try PodfileReader().read(try Self.fixture(name)))
    }

    func refusal(_ name: String) throws -> String {
        let bytes = try Self.fixture(name)
        do {
            _ = try PodfileReader().read(bytes)
            XCTFail("\(name) was read")
            return ""
        } catch {
            return InputProblemWording.lines(error.lineErrors)
        }
    }

    /// An abstract target around two targets, one nested with `inherit! :search_paths`; workspace, plugin and Xcode settings warned.
    func testSimplenote() throws {
        XCTAssertEqual(try read("simplenote-ios"), """
            sources: trunk
            platform: ios 12.0
            pod Gridicons (~> 0.18)
            pod AppCenter (~> 2.5.1)
            pod AppCenter/Distribute (~> 2.5.1)
            pod Automattic-Tracks-iOS (~> 0.5.1)
            pod Simperium (~> 1.0)
            pod WordPress-Ratings-iOS (= 0.0.2)
            pod ZIPFoundation (~> 0.9.9)
            target Simplenote: Gridicons, AppCenter, AppCenter/Distribute, Automattic-Tracks-iOS, Simperium, WordPress-Ratings-iOS
            target SimplenoteTests:
            target SimplenoteShare: ZIPFoundation
            Podfile:3: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            Podfile:9: warning: plugin 'cocoapods-repo-update' dropped: deps runs no plugin, and pods only it adds are not imported
            """)
    }

    /// A `def` group expanded in two targets; a git pod without a reference; the post_install hook warned.
    func testRocketChat() throws {
        XCTAssertEqual(try read("Rocket.Chat.iOS"), """
            sources: trunk
            platform: ios 10.0
            pod Fabric
            pod Crashlytics
            pod SwiftyJSON
            pod semver
            pod SideMenuController git https://github.com/rafaelks/SideMenuController.git
            pod SlackTextViewController
            pod MobilePlayer
            pod SimpleImageViewer (~> 1.0.1)
            pod TSMarkdownParser
            pod RealmSwift
            pod SDWebImage (~> 3)
            pod Starscream (~> 2)
            pod 1PasswordExtension
            pod Google/SignIn
            target Rocket.Chat: Fabric, Crashlytics, SwiftyJSON, semver, SideMenuController, SlackTextViewController, MobilePlayer, SimpleImageViewer, TSMarkdownParser, RealmSwift, SDWebImage, Starscream, 1PasswordExtension, Google/SignIn
            target Rocket.ChatTests: Fabric, Crashlytics, SwiftyJSON, semver, SideMenuController, SlackTextViewController, MobilePlayer, SimpleImageViewer, TSMarkdownParser, RealmSwift, SDWebImage, Starscream, 1PasswordExtension, Google/SignIn
            Podfile:5: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            Podfile:47: warning: post_install hook dropped: deps runs no install hooks
            """)
    }

    /// Requirements held in constants, read inside `def` groups; Moya/RxSwift.
    func testNimbleCodeChallenge() throws {
        XCTAssertEqual(try read("Nimble-Code-Challenge"), """
            sources:
            platform: ios 11.0
            pod RxSwift (= 6.5.0)
            pod RxCocoa (= 6.5.0)
            pod RxDataSources (~> 5.0)
            pod Moya/RxSwift (~> 15.0)
            pod Nuke (~> 9.0)
            pod SnapKit (~> 5.0.0)
            pod SkeletonView (= 1.29.2)
            pod RxBlocking (= 6.5.0)
            pod RxTest (= 6.5.0)
            target Nimble-Code-Challenge: RxSwift, RxCocoa, RxDataSources, Moya/RxSwift, Nuke, SnapKit, SkeletonView
            target Nimble-Code-ChallengeTests: RxBlocking, RxTest
            """)
    }

    /// Per-target platforms from constants agree on one; `configurations:` warned once though its group is expanded twice.
    func testCouchTracker() throws {
        XCTAssertEqual(try read("CouchTracker"), """
            sources: trunk
            platform: ios 10.0
            pod Kingfisher (= 5.12.0)
            pod ActionSheetPicker-3.0 (= 2.3.0)
            pod Tabman (= 2.6.3)
            pod SnapKit (= 5.0.1)
            pod Bugsnag
            pod KIF (= 3.7.8)
            pod SwiftLint (= 0.39.1)
            target CouchTrackerApp: Kingfisher, ActionSheetPicker-3.0, Tabman, SnapKit, Bugsnag
            target CouchTrackerAppTestable: KIF
            target CouchTracker: SwiftLint, Kingfisher, ActionSheetPicker-3.0, Tabman, SnapKit, Bugsnag
            target CouchTrackerUITests: KIF
            target CouchTrackerDebug: SnapKit
            Podfile:18: warning: `configurations` of KIF dropped: deps does not honour it
            Podfile:24: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            Podfile:32: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            Podfile:40: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            Podfile:49: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            Podfile:57: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            """)
    }

    /// Both hash syntaxes in one call, git branches, a subspec, a git pod without a reference; 62
    /// `inhibit_warnings` options warned at their lines; the post_install hook and the methods with
    /// parameters only it calls dropped as one.
    func testSignal() throws {
        let summary = try read("Signal-iOS").split(separator: "\n").map(String.init)
        XCTAssertEqual(summary.filter { !$0.hasPrefix("Podfile:") }.joined(separator: "\n"), """
            sources: trunk
            platform: ios 12.0
            pod AFNetworking
            pod CryptoSwift
            pod FeedKit
            pod Mantle git https://github.com/signalapp/Mantle branch signal-master
            pod NVActivityIndicatorView
            pod PromiseKit
            pod PureLayout (~> 3.1.4)
            pod Reachability
            pod Sodium
            pod SSZipArchive
            pod Starscream git https://github.com/signalapp/Starscream.git branch signal-release
            pod YapDatabase/SQLCipher git https://github.com/signalapp/YapDatabase.git branch signal-release
            pod YYImage git https://github.com/signalapp/YYImage
            pod ZXingObjC
            pod Curve25519Kit
            pod GRKOpenSSLFramework
            pod HKDFKit
            pod libPhoneNumber-iOS
            pod SAMKeychain
            pod SwiftProtobuf (~> 1.5.0)
            pod CocoaLumberjack
            target Session: AFNetworking, CryptoSwift, FeedKit, Mantle, NVActivityIndicatorView, PromiseKit, PureLayout, Reachability, Sodium, SSZipArchive, Starscream, YapDatabase/SQLCipher, YYImage, ZXingObjC
            target SessionShareExtension: AFNetworking, CryptoSwift, Curve25519Kit, Mantle, PromiseKit, PureLayout, YapDatabase/SQLCipher
            target SessionPushNotificationExtension: AFNetworking, CryptoSwift, Curve25519Kit, Mantle, PromiseKit, PureLayout, YapDatabase/SQLCipher
            target SignalUtilitiesKit: AFNetworking, CryptoSwift, Curve25519Kit, GRKOpenSSLFramework, HKDFKit, libPhoneNumber-iOS, Mantle, PromiseKit, PureLayout, Reachability, SAMKeychain, Starscream, SwiftProtobuf, YapDatabase/SQLCipher, YYImage
            target SessionUIKit:
            target SessionMessagingKit: AFNetworking, CryptoSwift, Curve25519Kit, PromiseKit, SwiftProtobuf
            target SessionProtocolKit: CocoaLumberjack, CryptoSwift, Curve25519Kit, GRKOpenSSLFramework, HKDFKit, PromiseKit, SwiftProtobuf
            target SessionSnodeKit: CryptoSwift, Curve25519Kit, PromiseKit
            target SessionUtilitiesKit: CryptoSwift, Curve25519Kit, PromiseKit
            """)
        let warnings = summary.filter { $0.hasPrefix("Podfile:") }
        XCTAssertEqual(warnings.count, 63)
        XCTAssertEqual(warnings.filter { $0.contains("`inhibit_warnings` of") }.count, 61)
        XCTAssertEqual(Array(warnings.prefix(3)), """
            Podfile:5: warning: `inhibit_all_warnings!` dropped: an Xcode or CocoaPods setting deps does not use
            Podfile:8: warning: `inhibit_warnings` of AFNetworking dropped: deps does not honour it
            Podfile:9: warning: `inhibit_warnings` of CryptoSwift dropped: deps does not honour it
            """.split(separator: "\n").map(String.init))
        XCTAssertEqual(warnings.last, "Podfile:96: warning: post_install hook dropped: deps runs no install hooks")
    }

    /// What Signal's Podfile becomes in a Depsfile: every pod with its requirement and git source,
    /// the git pod that names no tag, branch or commit following the default branch.
    func testSignalAsManifestDependencies() throws {
        let podfile = try PodfileReader().read(try Self.fixture("Signal-iOS")).podfile
        let (dependencies, gaps) = podfile.manifestDependencies()
        XCTAssertEqual(dependencies.count, 21)
        XCTAssertEqual(dependencies.first { $0.name.description == "YapDatabase/SQLCipher" }?.description,
                       "YapDatabase/SQLCipher (from `https://github.com/signalapp/YapDatabase.git`, branch `signal-release`)")
        XCTAssertEqual(dependencies.first { $0.name.description == "PureLayout" }?.description, "PureLayout (~> 3.1.4)")
        XCTAssertEqual(dependencies.first { $0.name.description == "YYImage" }?.externalSource,
                       .git(url: "https://github.com/signalapp/YYImage", .defaultBranch))
        XCTAssertTrue(gaps.isEmpty)
    }

    /// A conditional, `puts`, interpolation and `ENV` at the top level: every line named in one run; nothing inside the conditional is read.
    func testHomeAssistantIsRefusedNamingEveryDynamicLine() throws {
        XCTAssertEqual(try refusal("home-assistant-iOS"), """
            Podfile:8: error: a conditional (`if`) needs Ruby to run; deps reads Podfiles statically
            Podfile:16: error: `puts` is a method or variable known only when Ruby runs; deps reads Podfiles statically
            Podfile:17: error: `ENV` is read when Ruby runs; deps reads Podfiles statically
            Podfile:18: error: `puts` is a method or variable known only when Ruby runs; deps reads Podfiles statically
            Podfile:19: error: `ENV` is read when Ruby runs; deps reads Podfiles statically
            """)
    }

    /// A conditional on `ENV` and CocoaPods' long-removed `:head` requirement.
    func testEidolonIsRefusedNamingEveryDynamicLine() throws {
        XCTAssertEqual(try refusal("eidolon"), """
            Podfile:37: error: a conditional (`if`) needs Ruby to run; deps reads Podfiles statically
            Podfile:75: error: invalid requirement ':head'
            """)
    }

    /// A method with a parameter, whose body interpolates it, called where pods are declared:
    /// each call is named, and nothing else in the file is refused.
    func testWordPressIsRefusedAtEachCallOfAMethodWithParameters() throws {
        XCTAssertEqual(try refusal("WordPress-iOS"), (100...103).map {
            "Podfile:\($0): error: `gutenberg_pod` is a method with parameters; deps expands only methods without them"
        }.joined(separator: "\n"))
    }
}
