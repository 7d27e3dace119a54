# BaseException.add_note: __notes__, its errors, and the notes under the exception line of
# a formatted traceback.
import traceback
e = ValueError('x')
print(hasattr(e, '__notes__'))
e.add_note('first')
e.add_note('second\nline')
print(e.__notes__)
try:
    e.add_note(5)
except TypeError as t:
    print(type(t).__name__, t)
class E(Exception):
    pass
try:
    try:
        raise E('inner')
    except E as ex:
        ex.add_note('context note')
        raise
except E as ex2:
    print(ex2.__notes__, str(ex2))
    saved = ex2
print(traceback.format_exception_only(ValueError, e))
print(''.join(traceback.format_exception_only(E, saved)), end='')
bad = KeyError('k')
bad.__notes__ = 'not a list'
try:
    bad.add_note('n')
except TypeError as t:
    print(type(t).__name__, t)
raise e
