/// The shell script of the `[deps] Check Depsfile.lock` build phase (BEHAVIOUR 15), as CocoaPods'
/// `[CP] Check Pods Manifest.lock`: its input files are Depsfile.lock and Deps/Manifest.lock, in
/// that order, and a build whose sandbox differs from the lock stops with what to run.
public enum XcodeCheckPhaseScript {
    public static let text = """
        diff "${SCRIPT_INPUT_FILE_0}" "${SCRIPT_INPUT_FILE_1}" > /dev/null
        if [ $? != 0 ] ; then
            echo "error: Deps/ is not in sync with Depsfile.lock; run deps install" >&2
            exit 1
        fi
        echo "SUCCESS" > "${SCRIPT_OUTPUT_FILE_0}"

        """
}
