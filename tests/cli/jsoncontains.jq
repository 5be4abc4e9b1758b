# Golden comparison of two JSON documents: every key of the golden one must be in the actual one
# with the same value; keys the actual one adds are allowed. Arrays keep their length and compare
# element by element. Integers compare exactly; other numbers to a relative 1e-12, only so that a
# last-digit difference in printing a double cannot fail the test. Keys listed in $ignore (wall-clock
# figures) are skipped wherever they appear.
#
#   jq -n -r --slurpfile golden G.json --slurpfile actual A.json --argjson ignore '["wallSeconds"]' -f jsoncontains.jq
#
# prints one line per difference (at most 20), nothing when the actual output keeps the golden one.

def where($path): if ($path | length) == 0 then "." else ($path | map(tostring) | join(".")) end;

def numbersAgree($g; $a):
    $g == $a
    or (($g | floor) != $g and ($a | floor) != $a
        and ((($g - $a) | fabs) <= 1e-12 * ([($g | fabs), ($a | fabs)] | max)));

def diff($g; $a; $path):
    if ($g | type) != ($a | type) then
        "\(where($path)): golden \($g | tojson | .[0:80]) (\($g | type)), now \($a | tojson | .[0:80]) (\($a | type))"
    elif ($g | type) == "object" then
        $g | keys_unsorted[] as $k
        | if any($ignore[]; . == $k) then empty
          elif ($a | has($k)) | not then "\(where($path + [$k])): missing (golden \($g[$k] | tojson | .[0:80]))"
          else diff($g[$k]; $a[$k]; $path + [$k])
          end
    elif ($g | type) == "array" then
        if ($g | length) != ($a | length) then
            "\(where($path)): golden has \($g | length) entries, now \($a | length)"
        else
            range(0; $g | length) as $i | diff($g[$i]; $a[$i]; $path + [$i])
        end
    elif ($g | type) == "number" then
        if numbersAgree($g; $a) then empty else "\(where($path)): golden \($g), now \($a)" end
    elif $g == $a then
        empty
    else
        "\(where($path)): golden \($g | tojson), now \($a | tojson)"
    end;

[limit(20; diff($golden[0]; $actual[0]; []))] | .[]
