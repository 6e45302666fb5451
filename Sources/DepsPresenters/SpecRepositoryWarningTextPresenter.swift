import DepsCore

/// `warning: the spec repository http://specs.example/ is plain http: ...`, the URL escaped.
public enum SpecRepositoryWarningTextPresenter {
    public static func line(for warning: SpecRepositoryWarning) -> String {
        switch warning {
        case let .plainHTTP(url):
            "warning: the spec repository \(MessageText.escaped(url)) is plain http: its specs can be read and changed on the way; use https"
        }
    }
}
