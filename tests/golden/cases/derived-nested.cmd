cd progs && sed "/^events:/a event: L1m = I1mr + D1mr + D1mw\nevent: Cost = Ir + 10*L1m + 100 * ILmr" hot.out > cost.out && cgannotate --show=Cost,L1m --auto=no --threshold=90 cost.out
