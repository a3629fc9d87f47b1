# hash
// slashes
/* block */
a = 1 # trailing
b = 2 // trailing
c = /* inline */ 3
/* multi
   line
*/
d = 4 /* spans
lines */
#no newline at end