# Independent check (not part of the test suite; needs numpy and scipy): the classical HHT scheme of
# Sherif Eqs. 17, 18, 20 with alpha = 0 on the spin scenario, solved with scipy fsolve instead of our
# Newton solver. It reproduces the solver's growing (-1)^n violation of e.ed = 0 step for step
# (e.g. step 120: e.ed = -4.475e-01, w = 15.05980), so the instability belongs to the scheme.
# Independent check: classical HHT (Newmark) on the single-axis spin, full 4-parameter form of Eq. 20,
# unknowns (edd[4], lam) solved with scipy fsolve. J = diag(1,2,2), M = (5,0,0), w0 = 10.
import numpy as np
from scipy.optimize import fsolve
J = np.diag([1.0, 2.0, 2.0]); m = np.array([5.0, 0, 0])
def L(e): return np.array([[-e[1], e[0], e[3], -e[2]], [-e[2], -e[3], e[0], e[1]], [-e[3], e[2], -e[1], e[0]]])
def F(e, ed, lam): # C_q^T lam - Q  (with C_e = 2e^T), Q = 2 L^T m - 8 L^T L Ld^T J L ed
    return 2*e*lam - (2*L(e).T@m - 8*L(e).T@L(e)@L(ed).T@J@L(e)@ed)
def run(alpha, h, n):
    beta = (1-alpha)**2/4; gamma = (1-2*alpha)/2
    e = np.array([1.0, 0, 0, 0]); w0 = np.array([10.0, 0, 0]); ed = 0.5*L(e).T@w0
    # consistent accel: 4 L^T J L edd + 2 e lam = Q, e.edd = -ed.ed
    A = np.zeros((5,5)); A[:4,:4] = 4*L(e).T@J@L(e); A[:4,4] = 2*e; A[4,:4] = e
    b = np.zeros(5); b[:4] = 2*L(e).T@m - 8*L(e).T@L(e)@L(ed).T@J@L(e)@ed; b[4] = -ed@ed
    x = np.linalg.solve(A, b); edd, lam = x[:4], x[4]
    for k in range(n):
        Fold = F(e, ed, lam)
        def res(x):
            dd, l = x[:4], x[4]
            en = e + h*ed + h*h/2*(1-2*beta)*edd + h*h*beta*dd
            edn = ed + h*(1-gamma)*edd + h*gamma*dd
            r1 = 4*L(en).T@J@L(en)@dd/(1+alpha) + F(en, edn, l) - alpha/(1+alpha)*Fold
            return np.append(r1, (en@en - 1)/(beta*h*h))
        x = fsolve(res, np.append(edd, lam), xtol=1e-13)
        dd, l = x[:4], x[4]
        e, ed = e + h*ed + h*h/2*(1-2*beta)*edd + h*h*beta*dd, ed + h*(1-gamma)*edd + h*gamma*dd
        edd, lam = dd, l
        if k % 10 == 9 or k > 140: 
            w = 2*L(e)@ed
            if k % 10 == 9: print(k+1, 'e.ed %.3e' % (e@ed), 'w %.5f' % w[0])
run(0.0, 0.01, 160)
