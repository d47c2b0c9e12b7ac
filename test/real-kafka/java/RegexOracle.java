// java.util.regex as the broker uses it, for test/real-kafka/java-regex.test.ts: reads lines from stdin,
// "P <pattern>" compiles (answers "ok" or "error <description>"), "S <subject>" answers 1 or 0 for
// Matcher.matches() of the last pattern. Characters are written %XXXX (UTF-16 code unit, hex) where
// needed, so any pattern or subject fits on one line.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

public class RegexOracle {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(System.out, false, "UTF-8");
    Pattern pattern = null;
    String line;
    while ((line = in.readLine()) != null) {
      if (line.startsWith("P ")) {
        try {
          pattern = Pattern.compile(decode(line.substring(2)));
          out.println("ok");
        } catch (PatternSyntaxException e) {
          pattern = null;
          out.println("error " + e.getDescription());
        } catch (RuntimeException e) {
          pattern = null;
          out.println("error " + e);
        }
      } else if (line.startsWith("S ")) {
        out.println(pattern == null ? "error" : pattern.matcher(decode(line.substring(2))).matches() ? "1" : "0");
      }
      if (!in.ready()) out.flush();
    }
    out.flush();
  }

  private static String decode(String text) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        out.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
        i += 4;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
