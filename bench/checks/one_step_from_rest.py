# Series expansion (sympy) of one HHT step from rest under a constant torque, single-axis case
# (Sherif Eqs. 24-27 for classical, Eqs. 37-39 for modified). Prints the coefficients of h^k in the new
# angular velocity; used for the corrected short-paper Eq. 7 in docs/methods.md (the modified branch takes many
# minutes; its coefficient alpha(1-2alpha)/64 is measured by test/solver/oneStep.test.ts instead).
import sympy as sp
h, al, mu = sp.symbols('h alpha mu')
beta = (1-al)**2/4; gamma = (1-2*al)/2
N = 7
a = sp.symbols('a0:%d' % N); b = sp.symbols('b0:%d' % N)
edd0 = sum(a[k]*h**k for k in range(N)); edd1 = sum(b[k]*h**k for k in range(N))
def solve(classical):
    e0 = 1 + h**2*beta*edd0
    e1 = h**2/2*(1-2*beta)*mu/2 + h**2*beta*edd1
    if classical:
        ed0 = h*gamma*edd0
        ed1 = h*(1-gamma)*mu/2 + h*gamma*edd1
    else:
        # Eq. 37-38 with omega'=0: w = (0, h(1-gamma) mu/2 ,0,0)... L_n = [[0,1,0,0],...]; w_x = h(1-gamma) mu/2
        wx = h*(1-gamma)*mu/2
        ed0 = -wx*e1 + h*gamma*((1-e0**2)*edd0 - e0*e1*edd1)
        ed1 = wx*e0 + h*gamma*((1-e1**2)*edd1 - e0*e1*edd0)
    eq1 = e1*edd0 - e0*edd1 + 2*(1+al)*(e1*ed0 - e0*ed1)*(e0*ed0 + e1*ed1) + mu/2*(1+al-al*e0)
    eq2 = sp.expand((e0**2 + e1**2 - 1)/h**2)
    sol = {}
    for k in range(N-1):
        s1 = sp.expand(eq1.subs(sol)).coeff(h, k) if k>0 else sp.expand(eq1.subs(sol)).subs(h,0)
        s2 = sp.expand(eq2.subs(sol)).coeff(h, k) if k>0 else sp.expand(eq2.subs(sol)).subs(h,0)
        r = sp.solve([s1, s2], [a[k], b[k]], dict=True)
        if not r: print('no sol at', k, s1, s2); break
        sol.update({kk: sp.simplify(v) for kk, v in r[0].items()})
    w = 2*(-e1*ed0 + e0*ed1)
    ser = sp.series(sp.expand(w.subs(sol)).subs({kk:0 for kk in a+b}), h, 0, 6).removeO()
    return sp.simplify(sp.collect(sp.expand(ser), h))
for c in (True, False):
    w = solve(c)
    print('classical' if c else 'modified')
    for k in range(6):
        print('  h^%d:' % k, sp.factor(sp.expand(w).coeff(h, k)))
